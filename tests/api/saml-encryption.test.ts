import { cookiesOf, type TestApp } from '../../harness/test-app';
import { BASE, postToAcs, startLogin, useSamlApp, type Federation } from '../../harness/saml';
import type { IdpStandIn } from '../../src/server/saml/stand-in/idp-stand-in';
import type { ResponseVariant } from '../../src/server/saml/stand-in/idp-entities';
import { selfSignedKeyPair } from '../../src/server/saml/keys';
import { identityByKey } from '../../src/server/saml/stand-in/demo-identities';
import { SAML_XML_LIMITS } from '../../src/server/saml/xml-limits';

/**
 * Identity providers that encrypt their assertions (federations commonly require it): the service
 * provider publishes an encryption key in its metadata and decrypts with it; the stand-in signs the
 * assertion, then encrypts it for the certificate in that metadata (RSA-OAEP key transport).
 */
describe('federated sign-in with encrypted assertions', () => {
  let idp: IdpStandIn;
  let t: TestApp;
  useSamlApp((started) => ({ idp, t } = started));

  const xmlOf = (samlResponse: string) => Buffer.from(samlResponse, 'base64').toString('utf8');
  const sessions = async () => Number((await t.ctx.db.selectFrom('sessions').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  const response = async (identity: string, variant: ResponseVariant, federation: Federation = 'national') => {
    const { requestId, spEntityId, cookie } = await startLogin(t, federation);
    const built = await idp.loginResponse({ federation, identity, spEntityId, inResponseTo: requestId, variant });
    return { ...built, cookie };
  };
  const sessionOf = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/sessionactive', headers: { cookie } })).json() as { active: boolean; userdetails?: { username: string } };

  it('publishes the key it decrypts with as an encryption KeyDescriptor of both service providers', async () => {
    for (const federation of ['national', 'edugain'] as const) {
      const xml = (await t.app.inject({ method: 'GET', url: `${BASE[federation]}/metadata/` })).body;
      const signing = /<KeyDescriptor use="signing">[\s\S]*?<ds:X509Certificate>([^<]+)<\/ds:X509Certificate>/.exec(xml);
      const encryption = /<KeyDescriptor use="encryption">[\s\S]*?<ds:X509Certificate>([^<]+)<\/ds:X509Certificate>[\s\S]*?<\/KeyDescriptor>/.exec(xml);
      // The signing pair, published for encryption too.
      expect(encryption?.[1]).toBe(signing?.[1]);
      for (const algorithm of ['http://www.w3.org/2009/xmlenc11#aes256-gcm', 'http://www.w3.org/2001/04/xmlenc#aes256-cbc']) expect(encryption?.[0]).toContain(algorithm);
    }
  });

  it.each(['aes-256-gcm', 'aes-256-cbc'] as const)('signs in with an assertion encrypted with %s content', async (encryption) => {
    const { samlResponse, cookie } = await response('collab', { encryption });
    const xml = xmlOf(samlResponse);
    expect(xml).toContain('EncryptedAssertion');
    expect(xml).toContain(encryption === 'aes-256-gcm' ? 'xmlenc11#aes256-gcm' : 'xmlenc#aes256-cbc');
    expect(xml).toContain('xmlenc#rsa-oaep-mgf1p');
    // Nothing of the assertion is readable on the way.
    expect(xml).not.toContain('13625737435');
    expect(xml).not.toMatch(/<saml:Assertion[\s>]/);
    const res = await postToAcs(t, 'national', samlResponse, '', cookie);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/ui/saml2-login-redirect');
    expect((await sessionOf(cookiesOf(res))).userdetails).toMatchObject({ username: 'collab' });
  });

  it('signs an eduGAIN user in when the federation encrypts every assertion', async () => {
    idp.setEncryption('edugain', 'aes-256-gcm');
    try {
      const { samlResponse, cookie } = await response('edugain-new', {}, 'edugain');
      expect(xmlOf(samlResponse)).toContain('EncryptedAssertion');
      const res = await postToAcs(t, 'edugain', samlResponse, '', cookie);
      expect(res.headers.location).toBe('/ui/saml2-login-redirect');
      expect((await sessionOf(cookiesOf(res))).userdetails).toMatchObject({ username: 'erik.svensson@uni-example.se' });
    } finally {
      idp.setEncryption('edugain', undefined);
    }
  });

  it('refuses an encrypted assertion longer than its bound before decrypting it, though the identity provider signed it', async () => {
    const collab = identityByKey('collab')!;
    const filler = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`urn:oid:1.3.6.1.4.1.5923.1.1.1.7.${i}`, 'x'.repeat(200)]));
    const { requestId, spEntityId, cookie } = await startLogin(t, 'national');
    const { samlResponse } = await idp.loginResponse({ federation: 'national', identity: { ...collab, attributes: { ...collab.attributes, ...filler } }, spEntityId, inResponseTo: requestId, variant: { encryption: 'aes-256-gcm' } });
    // Within the bounds of a posted message, beyond the bound of its ciphertext.
    expect(Buffer.from(samlResponse, 'base64').length).toBeLessThanOrEqual(SAML_XML_LIMITS.postedBytes);
    expect(Math.max(...[...xmlOf(samlResponse).matchAll(/<xenc:CipherValue>([^<]*)</g)].map((m) => m[1]!.length))).toBeGreaterThan(SAML_XML_LIMITS.cipherValueChars);
    const before = await sessions();
    const res = await postToAcs(t, 'national', samlResponse, '', cookie);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/ui/error?reason=saml');
    expect(await sessions()).toBe(before);
  });

  it('refuses a response encrypted for another key: the generic error page, no session, no 5xx', async () => {
    const other = await selfSignedKeyPair('someone else');
    for (const encryption of ['aes-256-gcm', 'aes-256-cbc'] as const) {
      const { samlResponse, cookie } = await response('collab', { encryption, encryptFor: other.cert });
      expect(xmlOf(samlResponse)).toContain('EncryptedAssertion');
      const before = await sessions();
      const res = await postToAcs(t, 'national', samlResponse, '', cookie);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/ui/error?reason=saml');
      expect(res.cookies.find((c) => c.name === 'computing_session')).toBeUndefined();
      expect(await sessions()).toBe(before);
    }
  });
});
