import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignedXml } from 'xml-crypto';
import { cookiesOf, type TestApp } from '../../harness/test-app';
import { BASE, postToAcs, startIdpStandIn, startLogin, startSamlApp, useSamlApp } from '../../harness/saml';
import type { IdpStandIn } from '../../src/server/saml/stand-in/idp-stand-in';
import { certBody, selfSignedKeyPair, type KeyPair } from '../../src/server/saml/keys';

const unescape = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
/** The texts of every `<tag attrs…>text</tag>` in the document, in order (`attrs` is matched literally). */
function texts(xml: string, tag: string, attrs = ''): string[] {
  const pattern = new RegExp(`<${tag}${attrs ? ` ${attrs}` : '(?: [^>]*)?'}>([^<]*)</${tag}>`, 'g');
  return [...xml.matchAll(pattern)].map((m) => unescape(m[1]!));
}
const uiInfo = (xml: string) => /<SPSSODescriptor[^>]*><Extensions><mdui:UIInfo>([\s\S]*?)<\/mdui:UIInfo><\/Extensions>/.exec(xml)?.[1] ?? '';
/** The certificates of the SPSSODescriptor's KeyDescriptors of one use. */
function certs(xml: string, use: 'signing' | 'encryption'): string[] {
  const descriptor = /<SPSSODescriptor[\s\S]*<\/SPSSODescriptor>/.exec(xml)?.[0] ?? '';
  return [...descriptor.matchAll(new RegExp(`<KeyDescriptor use="${use}">[\\s\\S]*?<ds:X509Certificate>([^<]+)</ds:X509Certificate>`, 'g'))].map((m) => m[1]!);
}
/** Whether the metadata carries a valid enveloped signature over its root by `certPem`'s key. */
function verifies(xml: string, certPem: string): boolean {
  // The signature is the EntityDescriptor's first child, as the metadata schema orders it.
  const signature = /^<\?xml[^>]*>\s*<EntityDescriptor [^>]*>(<ds:Signature[\s\S]*?<\/ds:Signature>)/.exec(xml)?.[1];
  const rootId = /^<\?xml[^>]*>\s*<EntityDescriptor [^>]*\bID="([^"]+)"/.exec(xml)?.[1];
  if (!signature || !rootId) return false;
  const verifier = new SignedXml({ publicCert: certPem, getCertFromKeyInfo: () => null });
  verifier.loadSignature(signature);
  try {
    if (!verifier.checkSignature(xml)) return false;
  } catch {
    return false;
  }
  // The signature covers the whole document: its one reference is the root's ID.
  const references = verifier.getReferences();
  return references.length === 1 && references[0]!.uri === `#${rootId}`;
}
const pem = (body: string) => `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;

describe('service provider metadata for registration', () => {
  let t: TestApp;
  useSamlApp((started) => ({ t } = started));

  it.each(['national', 'edugain'] as const)('%s: signed with the SP key, verifiable against the published signing certificate', async (federation) => {
    const res = await t.app.inject({ method: 'GET', url: `${BASE[federation]}/metadata/` });
    expect(res.statusCode).toBe(200);
    const [signing] = certs(res.body, 'signing');
    expect(verifies(res.body, pem(signing!))).toBe(true);
    // Any change breaks it; another key does not verify it.
    expect(verifies(res.body.replace('/acs/"', '/acs2/"'), pem(signing!))).toBe(false);
    expect(verifies(res.body, (await selfSignedKeyPair('another')).cert)).toBe(false);
  });

  it('names technical and support contacts and the service in both languages (mdui:UIInfo), by default from the service rules', async () => {
    const xml = (await t.app.inject({ method: 'GET', url: '/saml2/metadata/' })).body;
    const { contactEmail, serviceName } = t.ctx.schemas.service;
    // Contacts follow the SPSSODescriptor, as the metadata schema orders them.
    const contacts = /<\/SPSSODescriptor>(<ContactPerson[\s\S]*)<\/EntityDescriptor>/.exec(xml)?.[1] ?? '';
    expect(contacts).toBe(
      `<ContactPerson contactType="technical"><EmailAddress>mailto:${contactEmail}</EmailAddress></ContactPerson>` +
        `<ContactPerson contactType="support"><EmailAddress>mailto:${contactEmail}</EmailAddress></ContactPerson>`,
    );
    // The UIInfo is in the SPSSODescriptor's Extensions, its first child.
    const ui = uiInfo(xml);
    expect(texts(ui, 'mdui:DisplayName', 'xml:lang="hr"')).toEqual([serviceName.hr]);
    expect(texts(ui, 'mdui:DisplayName', 'xml:lang="en"')).toEqual([serviceName.en]);
    expect(texts(ui, 'mdui:Description')).toHaveLength(2);
    expect(texts(ui, 'mdui:InformationURL')).toEqual([`${t.ctx.config.publicUrl}/ui/login`, `${t.ctx.config.publicUrl}/ui/login`]);
    // The portal's own privacy notice, in each language.
    expect(texts(ui, 'mdui:PrivacyStatementURL')).toEqual([`${t.ctx.config.publicUrl}/ui/privacy`, `${t.ctx.config.publicUrl}/ui/privacy/en`]);
  });

  it('points eduGAIN’s metadata at the portal’s privacy notice too, in each language', async () => {
    const xml = (await t.app.inject({ method: 'GET', url: '/saml2/edugain/metadata/' })).body;
    const ui = uiInfo(xml);
    expect(texts(ui, 'mdui:PrivacyStatementURL', 'xml:lang="hr"')).toEqual([`${t.ctx.config.publicUrl}/ui/privacy`]);
    expect(texts(ui, 'mdui:PrivacyStatementURL', 'xml:lang="en"')).toEqual([`${t.ctx.config.publicUrl}/ui/privacy/en`]);
  });
});

describe('service provider metadata from settings, and certificate rollover', () => {
  let idp: IdpStandIn;
  let t: TestApp;
  let current: KeyPair;
  let next: KeyPair;

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sp-keys-'));
    [current, next] = await Promise.all([selfSignedKeyPair('current'), selfSignedKeyPair('next')]);
    const files = { key: join(dir, 'key.pem'), cert: join(dir, 'cert.pem'), nextKey: join(dir, 'next-key.pem'), nextCert: join(dir, 'next-cert.pem') };
    writeFileSync(files.key, current.key);
    writeFileSync(files.cert, current.cert);
    writeFileSync(files.nextKey, next.key);
    writeFileSync(files.nextCert, next.cert);
    idp = await startIdpStandIn();
    t = await startSamlApp(idp, {
      saml: {
        spKeyFile: files.key,
        spCertFile: files.cert,
        spNextKeyFile: files.nextKey,
        spNextCertFile: files.nextCert,
        metadata: {
          displayName: { hr: 'Računanje & <test>', en: 'Computing & <test>' },
          description: { en: 'Only in English' },
          informationUrl: { hr: 'https://www.example.hr/o-usluzi', en: 'https://www.example.hr/en/about' },
          privacyStatementUrl: { hr: 'https://www.example.hr/privatnost', en: 'https://www.example.hr/en/privacy' },
          technicalContact: 'tech@example.hr',
          supportContact: 'mailto:help@example.hr',
        },
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  it('publishes the configured texts, escaped, and the contacts', async () => {
    const xml = (await t.app.inject({ method: 'GET', url: '/saml2/edugain/metadata/' })).body;
    const ui = uiInfo(xml);
    expect(texts(ui, 'mdui:DisplayName')).toEqual(['Računanje & <test>', 'Computing & <test>']);
    expect(ui).toContain('Računanje &amp; &lt;test&gt;');
    // A text set in one language only still has the default in the other.
    expect(texts(ui, 'mdui:Description', 'xml:lang="en"')).toEqual(['Only in English']);
    expect(texts(ui, 'mdui:Description', 'xml:lang="hr"')).toHaveLength(1);
    expect(texts(ui, 'mdui:InformationURL')).toEqual(['https://www.example.hr/o-usluzi', 'https://www.example.hr/en/about']);
    expect(texts(ui, 'mdui:PrivacyStatementURL')).toEqual(['https://www.example.hr/privatnost', 'https://www.example.hr/en/privacy']);
    expect([...xml.matchAll(/<ContactPerson contactType="(\w+)">/g)].map((m) => m[1])).toEqual(['technical', 'support']);
    expect(texts(xml, 'EmailAddress')).toEqual(['mailto:tech@example.hr', 'mailto:help@example.hr']);
    expect(verifies(xml, current.cert)).toBe(true);
  });

  it('publishes the next certificate beside the current one for signing and encryption, and signs with the current key only', async () => {
    const xml = (await t.app.inject({ method: 'GET', url: '/saml2/metadata/' })).body;
    expect(certs(xml, 'signing')).toEqual([certBody(current.cert), certBody(next.cert)]);
    expect(certs(xml, 'encryption')).toEqual([certBody(current.cert), certBody(next.cert)]);
    expect(verifies(xml, current.cert)).toBe(true);
    expect(verifies(xml, next.cert)).toBe(false);
  });

  it.each([
    ['the current', () => current.cert],
    ['the next', () => next.cert],
  ])('decrypts an assertion encrypted for %s certificate', async (_which, cert) => {
    const { requestId, spEntityId, cookie } = await startLogin(t, 'national');
    const { samlResponse } = await idp.loginResponse({ federation: 'national', identity: 'collab', spEntityId, inResponseTo: requestId, variant: { encryption: 'aes-256-gcm', encryptFor: cert() } });
    const res = await postToAcs(t, 'national', samlResponse, '', cookie);
    expect(res.headers.location).toBe('/ui/saml2-login-redirect');
    const session = (await t.app.inject({ method: 'GET', url: '/api/v1/sessionactive', headers: { cookie: cookiesOf(res) } })).json();
    expect(session.userdetails).toMatchObject({ username: 'collab' });
  });

  it('refuses an assertion encrypted for neither key, with no session', async () => {
    const other = await selfSignedKeyPair('neither');
    const { requestId, spEntityId, cookie } = await startLogin(t, 'national');
    const { samlResponse } = await idp.loginResponse({ federation: 'national', identity: 'collab', spEntityId, inResponseTo: requestId, variant: { encryption: 'aes-256-cbc', encryptFor: other.cert } });
    const res = await postToAcs(t, 'national', samlResponse, '', cookie);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/ui/error?reason=saml');
    expect(res.cookies.find((c) => c.name === 'computing_session')).toBeUndefined();
  });
});
