import { promisify } from 'node:util';
import { decrypt } from 'xml-encryption';
import { elements, parseXml, textOf } from './xml';
import { checkXmlBounds, SAML_XML_LIMITS, XmlLimitError } from './xml-limits';

const decryptXml = promisify(decrypt);

/**
 * Screens a Response's encrypted assertion before node-saml decrypts it with `key`. Anyone can
 * encrypt for the service provider's published certificate, and node-saml decrypts and parses an
 * encrypted assertion before any signature over it is checked, with no bound of its own: so a
 * CipherValue longer than `SAML_XML_LIMITS.cipherValueChars` is refused undecrypted, and what the
 * assertion decrypts to is held to the bounds of a message (no DOCTYPE, depth, elements) before
 * node-saml decrypts it again and parses it. Throws an XmlLimitError when refused.
 *
 * `responseXml` is a screened message (incoming-messages.ts). A response without an encrypted
 * assertion passes untouched; one that does not decrypt with `key` is left to node-saml, which
 * refuses it with its own reason (a certificate rollover tries the next key).
 */
export async function screenEncryptedAssertion(responseXml: string, key: string): Promise<void> {
  if (!responseXml.includes('EncryptedAssertion')) return;
  // Selected as node-saml selects what it decrypts: by local name, under the root Response.
  const encrypted = elements(parseXml(responseXml), "/*[local-name()='Response']/*[local-name()='EncryptedAssertion']");
  for (const assertion of encrypted) {
    for (const value of elements(assertion, ".//*[local-name()='CipherValue']"))
      if (textOf(value).length > SAML_XML_LIMITS.cipherValueChars)
        throw new XmlLimitError(`an encrypted assertion's CipherValue is longer than ${SAML_XML_LIMITS.cipherValueChars} characters`);
    let decrypted: string | undefined;
    try {
      decrypted = await decryptXml(assertion.toString(), { key });
    } catch {
      continue;
    }
    try {
      checkXmlBounds(decrypted ?? '');
    } catch (error) {
      throw new XmlLimitError(`the decrypted assertion is refused: ${(error as Error).message}`);
    }
  }
}
