import { createHash } from 'node:crypto';
import { renderMessage, type MessageKey, type MessageParams } from '../i18n/messages';
import sshpk from 'sshpk';
import { looksLikePrivateKey } from '@/schema-runtime/private-key';

/** Key types we accept, by the first word of an OpenSSH public key line. */
const ACCEPTED_TYPES = new Set(['rsa', 'ecdsa', 'ed25519']);

/** A parsed public key: the normalised line, its type word and its MD5 fingerprint. */
export interface ParsedPublicKey {
  publicKey: string;
  type: string;
  fingerprint: string;
}

/**
 * The SHA256 fingerprint of an OpenSSH public key line as `ssh-keygen -l` prints it
 * (`SHA256:` and the unpadded base64 of the hash of the key blob). The stored MD5 form stays the
 * key's identity (the current portal's and the external API's), but people compare keys with what
 * their own ssh-keygen shows, which is this one.
 */
export function sha256Fingerprint(publicKey: string): string {
  const blob = Buffer.from(publicKey.trim().split(/\s+/)[1] ?? '', 'base64');
  return `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
}

/** A pasted key the portal refuses, with the catalogue message that says why (i18n/messages.ts). */
export class KeyRejected extends Error {
  constructor(
    readonly text: MessageKey,
    readonly params?: MessageParams,
  ) {
    super(renderMessage(text, 'en', params));
  }
}

/**
 * Parses one OpenSSH public key line with sshpk and computes its fingerprint the way
 * `ssh-keygen -l -E md5` does (without the `MD5:` prefix).
 *
 * `rsaMinBits` is rules/constants.json's `sshRsaMinBits`: a shorter RSA key is refused.
 *
 * @throws KeyRejected with a message a user can act on: a private key pasted by mistake, more than
 * one line, an unsupported type (DSA among them), an RSA key shorter than `rsaMinBits`, or text
 * that is not a key.
 */
export function parsePublicKey(input: string, rsaMinBits: number): ParsedPublicKey {
  const text = input.trim();
  if (looksLikePrivateKey(text)) throw new KeyRejected('keyPrivate');
  if (/[\r\n]/.test(text)) throw new KeyRejected('keyMultiline');
  let key: sshpk.Key;
  try {
    key = sshpk.parseKey(text, 'ssh');
  } catch {
    throw new KeyRejected('keyInvalid');
  }
  if (!ACCEPTED_TYPES.has(key.type)) throw new KeyRejected('keyTypeUnsupported', { type: key.type });
  if (key.type === 'rsa' && key.size < rsaMinBits) throw new KeyRejected('keyRsaTooShort', { bits: key.size, min: rsaMinBits });
  let fingerprint: string;
  try {
    fingerprint = key.fingerprint('md5').toString('hex');
  } catch {
    throw new KeyRejected('keyNoFingerprint');
  }
  return { publicKey: text, type: text.split(/\s+/)[0], fingerprint };
}
