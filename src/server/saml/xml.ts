import { DOMParser } from '@xmldom/xmldom';
import * as xpath from 'xpath';
import { checkXmlBounds, MESSAGE_BOUNDS, type XmlBounds } from './xml-limits';

/**
 * Reading SAML XML with the parser and XPath engine node-saml and xml-crypto use themselves
 * (@xmldom/xmldom, xpath), so that the portal, the stand-in identity provider and the signature
 * checks all see the same tree (docs/decisions/0300-one-saml-stack-and-trusted-metadata.md).
 */

export const NS = {
  samlp: 'urn:oasis:names:tc:SAML:2.0:protocol',
  saml: 'urn:oasis:names:tc:SAML:2.0:assertion',
  md: 'urn:oasis:names:tc:SAML:2.0:metadata',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
  xenc: 'http://www.w3.org/2001/04/xmlenc#',
  mdui: 'urn:oasis:names:tc:SAML:metadata:ui',
} as const;

const select = xpath.useNamespaces(NS);

/**
 * Parses a document within `bounds` (no DOCTYPE, a nesting depth and an element count: see
 * xml-limits.ts, checked before the parser starts); any parser error or warning (unclosed tags,
 * bad entities) refuses it.
 */
export function parseXml(xml: string, bounds: XmlBounds = MESSAGE_BOUNDS): Document {
  checkXmlBounds(xml, bounds);
  const problems: string[] = [];
  const record = (message: string) => problems.push(String(message).trim());
  let doc: ReturnType<DOMParser['parseFromString']> | undefined;
  try {
    doc = new DOMParser({ errorHandler: { warning: () => undefined, error: record, fatalError: record } }).parseFromString(xml, 'text/xml');
  } catch (error) {
    record((error as Error).message);
  }
  if (problems.length || !doc?.documentElement) throw new Error(`malformed XML: ${problems[0] ?? 'no document element'}`);
  return doc as unknown as Document;
}

/** The elements an XPath expression (with the prefixes of `NS`) selects under `node`. */
export function elements(node: Node, expression: string): Element[] {
  const found = select(expression, node);
  return (Array.isArray(found) ? found : []).filter((n): n is Element => (n as Node).nodeType === 1);
}

/** The first element an XPath expression selects, if any. */
export function element(node: Node, expression: string): Element | undefined {
  return elements(node, expression)[0];
}

/**
 * The whole text of an element: every text and CDATA node under it joined, comments left out. A
 * comment inside a signed value (exclusive c14n drops comments, so the signature still holds) must
 * not cut the value at the comment, which is the classic way of turning
 * `alice@example.org.evil.com` into `alice@example.org`.
 */
export function textOf(node: Node): string {
  let text = '';
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === 3 || child.nodeType === 4) text += child.nodeValue ?? '';
    else if (child.nodeType === 1) text += textOf(child);
  }
  return text;
}

/** An attribute of the first element an expression selects. */
export function attributeOf(node: Node, expression: string, attribute: string): string | undefined {
  return element(node, expression)?.getAttribute(attribute) ?? undefined;
}

/** Text escaped for an XML attribute value or element content. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/**
 * The document element of a SAML protocol message when it is the one expected (`Response`,
 * `AuthnRequest`, `LogoutRequest`…, in the protocol namespace); undefined for anything else,
 * malformed XML included.
 */
export function protocolRoot(xml: string, name: string): Element | undefined {
  try {
    const root = parseXml(xml).documentElement;
    return root.namespaceURI === NS.samlp && root.localName === name ? root : undefined;
  } catch {
    return undefined;
  }
}
