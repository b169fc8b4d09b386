import sshpk from 'sshpk';

/** Key types we accept, by the first word of an OpenSSH public key line. */
const ACCEPTED_TYPES = new Set(['rsa', 'ecdsa', 'ed25519']);

/** A parsed public key: the normalised line, its type word and its MD5 fingerprint. */
export interface ParsedPublicKey {
  publicKey: string;
  type: string;
  fingerprint: string;
}

/** Why a pasted key was refused; `message` is shown to the user as is. */
export class KeyRejected extends Error {}

/**
 * Parses one OpenSSH public key line with sshpk and computes its fingerprint the way
 * `ssh-keygen -l -E md5` does (without the `MD5:` prefix).
 *
 * @throws KeyRejected with a message a user can act on: a private key pasted by mistake, more than
 * one line, an unsupported type, or text that is not a key.
 */
export function parsePublicKey(input: string): ParsedPublicKey {
  const text = input.trim();
  if (/PRIVATE KEY/.test(text) || text.startsWith('-----BEGIN'))
    throw new KeyRejected('This is a private key. Never share it: paste the public key (the .pub file) instead.');
  if (/[\r\n]/.test(text)) throw new KeyRejected('Key is not valid: it should be single line.');
  let key: sshpk.Key;
  try {
    key = sshpk.parseKey(text, 'ssh');
  } catch {
    throw new KeyRejected('Invalid SSH public key.');
  }
  if (!ACCEPTED_TYPES.has(key.type)) throw new KeyRejected(`Key type ${key.type} is not supported; use RSA, ECDSA or Ed25519.`);
  let fingerprint: string;
  try {
    fingerprint = key.fingerprint('md5').toString('hex');
  } catch {
    throw new KeyRejected('Key is not valid: cannot generate fingerprint from it.');
  }
  return { publicKey: text, type: text.split(/\s+/)[0], fingerprint };
}
