import { looksLikePrivateKey } from '../../../src/schema-runtime/private-key';

describe('looksLikePrivateKey', () => {
  it('recognises OpenSSH, PEM and PuTTY-style private keys', () => {
    expect(looksLikePrivateKey('-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\n')).toBe(true);
    expect(looksLikePrivateKey('  -----BEGIN RSA PRIVATE KEY-----\nMIIEow')).toBe(true);
    expect(looksLikePrivateKey('-----BEGIN EC PARAMETERS-----')).toBe(true);
  });

  it('lets a public key line through', () => {
    expect(looksLikePrivateKey('ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIG ana@laptop')).toBe(false);
    expect(looksLikePrivateKey('')).toBe(false);
  });
});
