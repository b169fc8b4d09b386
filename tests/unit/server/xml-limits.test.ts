import { deflateRawSync } from 'node:zlib';
import { checkXmlBounds, decodePosted, inflateLimited, XmlLimitError } from '../../../src/server/saml/xml-limits';
import { parseXml } from '../../../src/server/saml/xml';

const bounds = { maxDepth: 3, maxElements: 5 };

describe('the bounds every SAML XML is read within', () => {
  it('takes a document within its depth and element count, whatever its comments, CDATA and attribute values hold', () => {
    expect(() => checkXmlBounds('<?xml version="1.0"?><a x="1 > 0"><!-- <b><b><b> --><b><![CDATA[<c><c><c>]]><c/></b></a>', bounds)).not.toThrow();
  });

  it.each([
    ['nested deeper than allowed', '<a><b><c><d/></c></b></a>', /nested deeper than 3/],
    ['with more elements than allowed', '<a><b/><b/><b/><b/><b/></a>', /more than 5 elements/],
    ['with a DOCTYPE', '<!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>', /DOCTYPE/],
    ['with an unterminated comment', '<a><!-- </a>', /unterminated/],
    // Stray closing tags first would count the depth below zero and let the start tags after them nest deeper.
    ['nested too deep behind stray closing tags', '</x></x></x><a><b><c><d/></c></b></a>', /closing tag without its start tag/],
    ['closing more elements than it opened', '<a></a></a>', /closing tag without its start tag/],
    ['with an element left open', '<a><b></b>', /not closed/],
  ])('refuses a document %s', (_what, xml, reason) => {
    expect(() => checkXmlBounds(xml, bounds)).toThrow(reason);
  });

  it('the portal’s parser refuses what the bounds refuse, before parsing', () => {
    expect(() => parseXml(`${'<a>'.repeat(100)}${'</a>'.repeat(100)}`)).toThrow(XmlLimitError);
    expect(() => parseXml('<!DOCTYPE a SYSTEM "file:///etc/passwd"><a/>')).toThrow(/DOCTYPE/);
  });

  it('inflates a redirect-binding message only up to its limit', () => {
    const small = deflateRawSync(Buffer.from('<a/>')).toString('base64');
    expect(inflateLimited(small, 100)).toBe('<a/>');
    const bomb = deflateRawSync(Buffer.alloc(10_000_000, 'a')).toString('base64');
    expect(bomb.length).toBeLessThan(20_000);
    expect(() => inflateLimited(bomb, 16_384)).toThrow(/inflates past 16384 bytes/);
    expect(() => inflateLimited('', 100)).toThrow(XmlLimitError);
    expect(() => inflateLimited('bm90IGRlZmxhdGU=', 100)).toThrow(/does not inflate/);
  });

  it('refuses a posted message larger than its limit before decoding it', () => {
    expect(decodePosted(Buffer.from('<a/>').toString('base64'), 10)).toBe('<a/>');
    expect(() => decodePosted(Buffer.alloc(3000).toString('base64'), 2048)).toThrow(/larger than 2048 bytes/);
  });
});
