import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from 'selfsigned';

/** A private key and its certificate, both PEM. */
export interface KeyPair {
  key: string;
  cert: string;
}

/** A fresh RSA key with a self-signed certificate (demo service providers and the stand-in IdP). */
export async function selfSignedKeyPair(commonName: string): Promise<KeyPair> {
  const notBeforeDate = new Date(Date.now() - 86_400_000);
  const notAfterDate = new Date(Date.now() + 5 * 365 * 86_400_000);
  const pems = await generate([{ name: 'commonName', value: commonName }], {
    keySize: 2048,
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate,
  });
  return { key: pems.private, cert: pems.cert };
}

/** The certificate body without the PEM armour (how metadata carries it). */
export function certBody(pem: string): string {
  return pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
}

/**
 * The second pair of a certificate rollover (`SAML_SP_NEXT_KEY_FILE`, `SAML_SP_NEXT_CERT_FILE`):
 * published beside the current one and tried for decryption; undefined when not configured.
 */
export function nextServiceProviderKeys(options: { keyFile?: string; certFile?: string }): KeyPair | undefined {
  if (!options.keyFile && !options.certFile) return undefined;
  if (!options.keyFile || !options.certFile) throw new Error('SAML_SP_NEXT_KEY_FILE and SAML_SP_NEXT_CERT_FILE must be set together');
  return { key: readFileSync(options.keyFile, 'utf8'), cert: readFileSync(options.certFile, 'utf8') };
}

/**
 * The service providers' key and certificate: from the configured PEM files, or else (never in
 * production) a demo pair generated on first start and kept in `<dataDir>/saml-demo/` so the published
 * metadata stays the same across restarts. A memory database keeps it in memory.
 */
export async function serviceProviderKeys(options: {
  keyFile?: string;
  certFile?: string;
  production: boolean;
  dataDir: string;
}): Promise<KeyPair> {
  if (options.keyFile && options.certFile)
    return { key: readFileSync(options.keyFile, 'utf8'), cert: readFileSync(options.certFile, 'utf8') };
  if (options.keyFile || options.certFile) throw new Error('SAML_SP_KEY_FILE and SAML_SP_CERT_FILE must be set together');
  if (options.production) throw new Error('SAML_SP_KEY_FILE and SAML_SP_CERT_FILE are required for federated sign-in');
  if (options.dataDir.startsWith('memory://')) return selfSignedKeyPair('demo service provider');
  const folder = join(options.dataDir, 'saml-demo');
  const keyFile = join(folder, 'sp-key.pem');
  const certFile = join(folder, 'sp-cert.pem');
  if (existsSync(keyFile) && existsSync(certFile)) return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8') };
  const pair = await selfSignedKeyPair('demo service provider');
  mkdirSync(folder, { recursive: true });
  writeFileSync(keyFile, pair.key, { mode: 0o600 });
  writeFileSync(certFile, pair.cert);
  return pair;
}

/**
 * A certificate as PEM from the base64 body metadata carries (what node:crypto and xml-encryption
 * take): lines of 64 characters, the last one shorter or as long, and never an empty line, which
 * OpenSSL refuses ("wrong tag") when the body's length is a multiple of 64.
 */
export function certificatePem(body: string): string {
  const lines = certBody(body).match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}
