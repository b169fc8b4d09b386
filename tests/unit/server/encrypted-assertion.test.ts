import { screenEncryptedAssertion } from '../../../src/server/saml/encrypted-assertion';
import { selfSignedKeyPair, type KeyPair } from '../../../src/server/saml/keys';
import { encryptAssertion } from '../../../src/server/saml/stand-in/signing';
import { NS } from '../../../src/server/saml/xml';
import { SAML_XML_LIMITS, XmlLimitError } from '../../../src/server/saml/xml-limits';

const assertion = (inner: string) => `<saml:Assertion xmlns:saml="${NS.saml}" ID="_a" Version="2.0"><saml:Issuer>https://idp.example.org</saml:Issuer>${inner}</saml:Assertion>`;
const response = (encrypted: string) => `<samlp:Response xmlns:samlp="${NS.samlp}" ID="_r" Version="2.0">${encrypted}</samlp:Response>`;

describe('an encrypted assertion is bounded before node-saml decrypts it', () => {
  let sp: KeyPair;
  let other: KeyPair;
  beforeAll(async () => {
    [sp, other] = await Promise.all([selfSignedKeyPair('service provider'), selfSignedKeyPair('someone else')]);
  });
  const encryptedFor = async (xml: string, cert = sp.cert) => response(await encryptAssertion(xml, cert, 'aes-256-gcm'));

  it('passes one whose assertion is within the bounds of a message, and a response without one', async () => {
    await expect(screenEncryptedAssertion(await encryptedFor(assertion('<saml:Subject/>')), sp.key)).resolves.toBeUndefined();
    await expect(screenEncryptedAssertion(response(assertion('')), sp.key)).resolves.toBeUndefined();
  });

  it.each([
    ['nested deeper than a message may', `${'<a>'.repeat(100)}${'</a>'.repeat(100)}`, /decrypted assertion is refused: elements nested deeper than 32/],
    ['with more elements than a message may', '<a/>'.repeat(SAML_XML_LIMITS.maxMessageElements), new RegExp(`decrypted assertion is refused: more than ${SAML_XML_LIMITS.maxMessageElements} elements`)],
  ])('refuses one that decrypts to an assertion %s', async (_what, inner, reason) => {
    await expect(screenEncryptedAssertion(await encryptedFor(assertion(inner)), sp.key)).rejects.toThrow(reason);
  });

  it('refuses a CipherValue longer than its bound without decrypting it', async () => {
    const long = await encryptedFor(assertion(`<saml:Subject>${'x'.repeat((SAML_XML_LIMITS.cipherValueChars * 3) / 4)}</saml:Subject>`));
    // With a key that could not decrypt it: refused before any decryption is tried.
    await expect(screenEncryptedAssertion(long, other.key)).rejects.toThrow(XmlLimitError);
    await expect(screenEncryptedAssertion(long, other.key)).rejects.toThrow(/CipherValue is longer than 49152 characters/);
  });

  it('leaves one that does not decrypt with the key to node-saml, which refuses it with its own reason', async () => {
    const deep = await encryptedFor(assertion(`${'<a>'.repeat(100)}${'</a>'.repeat(100)}`), other.cert);
    await expect(screenEncryptedAssertion(deep, sp.key)).resolves.toBeUndefined();
  });
});
