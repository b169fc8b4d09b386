/**
 * An invitation link opened before logging in is remembered so the visitor returns to it after
 * login. The key names match what the centre's previous portal used, so links survive an upgrade.
 */
const KEY = 'invitation-key-set';
const ENGLISH = 'invitation-key-en';

export interface StoredInvitation {
  key: string;
  english: boolean;
}

export function readInvitation(storage: Storage = localStorage): StoredInvitation | null {
  const key = storage.getItem(KEY);
  return key ? { key, english: storage.getItem(ENGLISH) === 'true' } : null;
}

export function storeInvitation(invitation: StoredInvitation, storage: Storage = localStorage): void {
  storage.setItem(KEY, invitation.key);
  storage.setItem(ENGLISH, String(invitation.english));
}

export function clearInvitation(storage: Storage = localStorage): void {
  storage.removeItem(KEY);
  storage.removeItem(ENGLISH);
}
