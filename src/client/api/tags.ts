import type { TagDescription } from '@reduxjs/toolkit/query';

/**
 * Every cache tag of the api slice, declared in one place so an endpoint that invalidates a tag
 * and one that provides it cannot drift apart by a typo.
 */
export const TAGS = ['Session', 'Projects', 'Invites', 'SshKeys', 'Extensions', 'Software', 'Users', 'Readiness', 'MailPreferences', 'SchemaHistory', 'MySessions', 'RuleDrafts', 'RuleEditors'] as const;
export type Tag = (typeof TAGS)[number];

/** A tag as endpoints give it: a whole type (`'Projects'`) or one entry of it (`{ type, id }`). */
export type ApiTag = TagDescription<Tag>;

/**
 * The tag of one project's own queries (the project, its timeline, readiness and grants), by its
 * identifier. A change to that project refreshes them and leaves other projects' queries alone.
 */
export const projectTag = (identifier: string): ApiTag => ({ type: 'Projects', id: identifier });

/**
 * The tag of every list of projects (mine, the staff lists and their pages, grants over threshold).
 * A change to one project refreshes all of them: a state change can move it into or out of any list.
 */
export const PROJECT_LISTS: ApiTag = { type: 'Projects', id: 'LIST' };

/**
 * `invalidatesTags` of a mutation: these tags once it succeeded; a failed call changed nothing and
 * refetches nothing. A bare type (`'Projects'`) refreshes all of its entries, ids and lists alike.
 */
export const onSuccess =
  (...tags: ApiTag[]) =>
  (_result: unknown, error: unknown): ApiTag[] =>
    error ? [] : tags;

/** {@link onSuccess} for tags that depend on the mutation's argument (the project it changed). */
export const onSuccessOf =
  <Arg>(tagsOf: (arg: Arg) => ApiTag[]) =>
  (_result: unknown, error: unknown, arg: Arg): ApiTag[] =>
    error ? [] : tagsOf(arg);
