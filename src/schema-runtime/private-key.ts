/**
 * Whether pasted text is a private key rather than a public one: a PEM/OpenSSH block
 * (`-----BEGIN …`) or anything naming a PRIVATE KEY. The client refuses such text in the form before
 * anything is sent, and the server refuses it again, so the test lives in one place for both.
 *
 * @param text what the user pasted or loaded
 * @returns true when the text must never leave the user's machine
 */
export function looksLikePrivateKey(text: string): boolean {
  const trimmed = text.trim();
  return /PRIVATE KEY/.test(trimmed) || trimmed.startsWith('-----BEGIN');
}
