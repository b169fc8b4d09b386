import { inflateRawSync } from 'node:zlib';

/**
 * The bounds every SAML XML the portal reads goes through, before any parser sees it (the
 * portal's own, node-saml's, xml-crypto's): an HTTP-Redirect message inflated with an output
 * limit, a posted message decoded within a size, and then no DOCTYPE (nothing in SAML needs one;
 * entities are how a small message grows) and no nesting or element count beyond what SAML
 * needs. A deeply nested or inflated message costs its parse in time and memory before its
 * signature can be checked, so these checks come first (docs/decisions/0600-saml-xml-bounds.md).
 */
export const SAML_XML_LIMITS = {
  /**
   * Element nesting. The deepest SAML the portal reads is under ten levels (an encrypted
   * assertion's key: Response/EncryptedAssertion/EncryptedData/KeyInfo/EncryptedKey/KeyInfo/
   * X509Data/X509Certificate; metadata's mdui texts inside an aggregate).
   */
  maxDepth: 32,
  /**
   * Elements of one protocol message. A signed response with a signed assertion and ten
   * attributes has about 50, with a hundred attribute values about 250; an encrypted one fewer
   * (the assertion is one CipherValue): 500 leaves room for some 240 attribute values. Each
   * element costs node-saml's XPath and xml2js passes tens of microseconds (more than linearly),
   * so this bound is what keeps a message's cost near 50 ms.
   */
  maxMessageElements: 500,
  /**
   * Elements of a logout message (LogoutRequest, LogoutResponse): about 20 when signed, with an
   * encrypted NameID. Bounded apart from responses: ls/ needs no attribute lists.
   */
  maxLogoutElements: 100,
  /** A logout message, inflated from the redirect binding or decoded from a post (a LogoutRequest or LogoutResponse is under 2 KB, 6 KB signed with an encrypted NameID). */
  logoutBytes: 16 * 1024,
  /**
   * A posted message once decoded. A signed response with ten attributes is 6 KB, 10 KB with its
   * assertion encrypted; with a hundred attribute values 34 KB, 48 KB encrypted.
   */
  postedBytes: 64 * 1024,
  /**
   * The base64 text of one CipherValue of an encrypted assertion (services/saml/encrypted-assertion.ts),
   * about 36 KB of assertion: a signed assertion with ten attributes encrypts to 7 KB of it, with a
   * hundred attribute values to 45 KB.
   */
  cipherValueChars: 48 * 1024,
  /** A federation metadata document (one identity provider, or an aggregate holding one). */
  metadataBytes: 16 * 1024 * 1024,
  /** Elements of a metadata document. */
  maxMetadataElements: 500_000,
  /**
   * The form an identity provider posts (acs/, ls/): a posted message of `postedBytes` in base64
   * (87 KB), with line breaks and URL-encoded, and its RelayState.
   */
  formBytes: 128 * 1024,
} as const;

/** A message refused for its size, its nesting or a DOCTYPE, before it was parsed. */
export class XmlLimitError extends Error {}

/** What a document may hold: its nesting depth and its number of elements. */
export interface XmlBounds {
  maxDepth: number;
  maxElements: number;
}

/** The bounds of a SAML protocol message (AuthnRequest, Response, LogoutRequest, LogoutResponse). */
export const MESSAGE_BOUNDS: XmlBounds = { maxDepth: SAML_XML_LIMITS.maxDepth, maxElements: SAML_XML_LIMITS.maxMessageElements };
/** The bounds of a logout message (LogoutRequest, LogoutResponse). */
export const LOGOUT_BOUNDS: XmlBounds = { maxDepth: SAML_XML_LIMITS.maxDepth, maxElements: SAML_XML_LIMITS.maxLogoutElements };
/** The bounds of a federation metadata document. */
export const METADATA_BOUNDS: XmlBounds = { maxDepth: SAML_XML_LIMITS.maxDepth, maxElements: SAML_XML_LIMITS.maxMetadataElements };

/**
 * An HTTP-Redirect message (base64 of raw DEFLATE) as text, inflated with an output limit: a
 * message that would grow past `maxBytes` is refused without being inflated any further.
 */
export function inflateLimited(encoded: string, maxBytes: number = SAML_XML_LIMITS.logoutBytes): string {
  const raw = Buffer.from(encoded, 'base64');
  if (raw.length === 0) throw new XmlLimitError('empty message');
  try {
    return inflateRawSync(raw, { maxOutputLength: maxBytes }).toString('utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new XmlLimitError(`the message inflates past ${maxBytes} bytes`);
    throw new XmlLimitError(`the message does not inflate: ${(error as Error).message}`);
  }
}

/** A posted message (base64) as text, refused when it decodes to more than `maxBytes`. */
export function decodePosted(encoded: string, maxBytes: number = SAML_XML_LIMITS.postedBytes): string {
  // Base64 is 4 characters for 3 bytes: the decoded size is known before decoding.
  if (Math.floor((encoded.replace(/[^A-Za-z0-9+/]/g, '').length * 3) / 4) > maxBytes) throw new XmlLimitError(`the message is larger than ${maxBytes} bytes`);
  return Buffer.from(encoded, 'base64').toString('utf8');
}

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;

/**
 * Throws an XmlLimitError when `xml` holds a DOCTYPE (or any other markup declaration), nests
 * elements deeper than `bounds.maxDepth` or holds more than `bounds.maxElements` elements. One
 * linear pass over the text that builds nothing, so its cost is that of reading the text once;
 * comments, CDATA sections and processing instructions are skipped, attribute values may hold `>`.
 * A closing tag with no open element, or an element left open, is refused too (either would make
 * the depth counted here differ from the parser's). It does not check well-formedness otherwise
 * (tag names are not matched): the parser that comes next does.
 */
export function checkXmlBounds(xml: string, bounds: XmlBounds = MESSAGE_BOUNDS): void {
  let depth = 0;
  let count = 0;
  let i = xml.indexOf('<');
  const end = (marker: string, from: number) => {
    const at = xml.indexOf(marker, from);
    if (at < 0) throw new XmlLimitError('unterminated markup');
    return at + marker.length;
  };
  while (i >= 0 && i < xml.length) {
    const next = xml.charCodeAt(i + 1);
    if (next === BANG) {
      if (xml.startsWith('<!--', i)) i = end('-->', i + 4);
      else if (xml.startsWith('<![CDATA[', i)) i = end(']]>', i + 9);
      else throw new XmlLimitError('a DOCTYPE or other markup declaration is refused');
    } else if (next === QUESTION) {
      i = end('?>', i + 2);
    } else if (next === SLASH) {
      // A closing tag without its start tag would let as many start tags go deeper unseen.
      if (depth === 0) throw new XmlLimitError('a closing tag without its start tag');
      depth -= 1;
      i = end('>', i + 2);
    } else {
      let j = i + 1;
      let quote = 0;
      for (; j < xml.length; j++) {
        const c = xml.charCodeAt(j);
        if (quote) {
          if (c === quote) quote = 0;
        } else if (c === QUOTE || c === APOSTROPHE) quote = c;
        else if (c === GT || c === LT) break;
      }
      if (j >= xml.length || xml.charCodeAt(j) !== GT) throw new XmlLimitError('unterminated start tag');
      count += 1;
      if (count > bounds.maxElements) throw new XmlLimitError(`more than ${bounds.maxElements} elements`);
      if (depth + 1 > bounds.maxDepth) throw new XmlLimitError(`elements nested deeper than ${bounds.maxDepth}`);
      if (xml.charCodeAt(j - 1) !== SLASH) depth += 1;
      i = j + 1;
    }
    i = xml.indexOf('<', i);
  }
  if (depth !== 0) throw new XmlLimitError('an element is not closed');
}
