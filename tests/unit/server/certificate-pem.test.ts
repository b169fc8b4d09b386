import { generateKeyPairSync, X509Certificate } from 'node:crypto';
import { generate } from 'selfsigned';
import { certBody, certificatePem, selfSignedKeyPair, type KeyPair } from '../../../src/server/saml/keys';
import { MetadataError, readIdpMetadata, readTrustedCerts, verifiedMetadataXml } from '../../../src/server/saml/idp-metadata';
import { federationMetadata } from '../../../src/server/saml/stand-in/federation-metadata';

/**
 * The federation's certificate (SAML_IDP_METADATA_CERT) is re-wrapped as PEM before OpenSSL reads
 * it; base64 of a DER whose length is a multiple of 48 bytes fills its last line exactly, the case
 * that once left an empty line OpenSSL refuses. Certificates of every DER length modulo 48.
 */
const IDP = { entityId: 'https://login.example.hr/idp', ssoUrl: 'https://login.example.hr/sso', sloUrl: 'https://login.example.hr/slo' };

let byClass: Map<number, KeyPair>;
let idp: KeyPair;
let other: KeyPair;

beforeAll(async () => {
  // One RSA key, certificates of growing names: a self-signed certificate holds its organisation
  // twice (subject, issuer) and its common name three times (and the subject alternative name), so
  // lengthening one by a character adds 2 bytes and the other 3, which together reach every class.
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyPair = { privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string, publicKey: publicKey.export({ type: 'spki', format: 'pem' }) as string };
  byClass = new Map();
  for (let c = 1; byClass.size < 48 && c <= 6; c++)
    for (let o = 1; byClass.size < 48 && o <= 30; o++) {
      const names = [{ name: 'commonName', value: 'f'.repeat(c) }, { name: 'organizationName', value: 'o'.repeat(o) }];
      const pems = await generate(names, { keyPair, algorithm: 'sha256' });
      const length = Buffer.from(certBody(pems.cert), 'base64').length;
      if (!byClass.has(length % 48)) byClass.set(length % 48, { key: keyPair.privateKey, cert: pems.cert });
    }
  [idp, other] = await Promise.all([selfSignedKeyPair('idp'), selfSignedKeyPair('someone else')]);
}, 60_000);

const metadataSignedBy = (federationKeys: KeyPair, validForMs?: number) =>
  federationMetadata({ ...IDP, signingCert: idp.cert, federationKeys, otherKeys: other, mode: 'signed', validForMs });

describe('the configured federation certificate as PEM', () => {
  it('covers every DER length modulo 48 bytes', () => {
    expect([...byClass.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 48 }, (_, i) => i));
  });

  it.each(Array.from({ length: 48 }, (_, i) => i))('reads a certificate of DER length ≡ %i (mod 48) as the same certificate, with no empty line', (lengthClass) => {
    const { cert } = byClass.get(lengthClass)!;
    const pem = certificatePem(cert);
    expect(pem).not.toMatch(/\n\n/);
    expect(new X509Certificate(pem).raw.equals(new X509Certificate(cert).raw)).toBe(true);
  });

  it.each(Array.from({ length: 48 }, (_, i) => i))('verifies metadata signed with a certificate of DER length ≡ %i (mod 48)', (lengthClass) => {
    const keys = byClass.get(lengthClass)!;
    expect(readIdpMetadata(verifiedMetadataXml(metadataSignedBy(keys), [keys.cert])).entityId).toBe(IDP.entityId);
  });
});

describe('why federation metadata was refused', () => {
  const keys = () => byClass.get(0)!;

  it('a certificate that cannot be read says so, not that the signature does not verify', () => {
    const broken = keys().cert.replace(/[A-Za-z0-9+/]{60}\n/, '!!!!\n');
    expect(() => verifiedMetadataXml(metadataSignedBy(keys()), [broken])).toThrow(/certificate configured to verify the metadata cannot be read/);
  });

  it('a certificate of another key: the signature does not verify with it', () => {
    expect(() => verifiedMetadataXml(metadataSignedBy(keys()), [other.cert])).toThrow(/the metadata signature does not verify with the configured certificate/);
  });

  it('an expired document: its validUntil', () => {
    const signed = verifiedMetadataXml(metadataSignedBy(keys(), 60_000), [keys().cert]);
    expect(() => readIdpMetadata(signed, new Date(Date.now() + 120_000))).toThrow(/the metadata expired at .* \(validUntil\)/);
  });

  it('a setting that names no readable file, or holds no certificate', async () => {
    await expect(readTrustedCerts('/nonexistent/federation.pem', 'SAML_IDP_METADATA_CERT')).rejects.toThrow(
      new MetadataError('SAML_IDP_METADATA_CERT: /nonexistent/federation.pem cannot be read (ENOENT)'),
    );
    await expect(readTrustedCerts('-----BEGIN CERTIFICATE----- but nothing else', 'SAML_IDP_METADATA_CERT')).rejects.toThrow(/holds no PEM certificate/);
  });
});
