/**
 * Every cache tag of the api slice, declared in one place so an endpoint that invalidates a tag
 * and one that provides it cannot drift apart by a typo.
 */
export const TAGS = ['Session', 'Projects', 'Invites', 'SshKeys', 'Extensions', 'Software', 'Users', 'Readiness', 'MailPreferences'] as const;
export type Tag = (typeof TAGS)[number];
