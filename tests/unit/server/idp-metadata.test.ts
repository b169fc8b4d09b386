import { selfSignedKeyPair, type KeyPair } from '../../../src/server/saml/keys';
import { readIdpMetadata, readTrustedCerts, verifiedMetadataXml } from '../../../src/server/saml/idp-metadata';
import { federationMetadata, type MetadataMode } from '../../../src/server/saml/stand-in/federation-metadata';
import { signMetadata } from '../../../src/server/saml/sp-metadata';

/** Federation metadata is trusted only when its signature verifies with the configured certificate. */
let federation: KeyPair;
let other: KeyPair;
let idp: KeyPair;

beforeAll(async () => {
  [federation, other, idp] = await Promise.all([selfSignedKeyPair('federation'), selfSignedKeyPair('someone else'), selfSignedKeyPair('idp')]);
});

const IDP = { entityId: 'https://login.example.hr/idp', ssoUrl: 'https://login.example.hr/sso', sloUrl: 'https://login.example.hr/slo' };

function metadata(mode: MetadataMode = 'signed', validForMs?: number): string {
  return federationMetadata({ ...IDP, signingCert: idp.cert, federationKeys: federation, otherKeys: other, mode, validForMs });
}

const trusted = () => [federation.cert];

describe('federation metadata', () => {
  it('a document signed by the federation names its identity provider, endpoints, certificate and validUntil', () => {
    const info = readIdpMetadata(verifiedMetadataXml(metadata(), trusted()));
    expect(info).toMatchObject(IDP);
    expect(info.certs).toEqual([idp.cert.replace(/-----(BEGIN|END) CERTIFICATE-----|\s+/g, '')]);
    expect(info.validUntil!.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
  });

  it('any of several configured certificates (the federation rolling its own key) verifies', async () => {
    const both = await readTrustedCerts(`${other.cert}\n${federation.cert}`);
    expect(both).toHaveLength(2);
    expect(readIdpMetadata(verifiedMetadataXml(metadata(), both)).entityId).toBe(IDP.entityId);
  });

  it.each([
    ['unsigned', /not signed/],
    ['tampered', /does not verify/],
    ['other-key', /does not verify/],
  ] as const)('a %s document is refused', (mode, reason) => {
    expect(() => verifiedMetadataXml(metadata(mode), trusted())).toThrow(reason);
  });

  it('a document past its validUntil is refused, however well signed', () => {
    const signed = verifiedMetadataXml(metadata('expired'), trusted());
    expect(() => readIdpMetadata(signed)).toThrow(/expired at/);
    expect(() => readIdpMetadata(verifiedMetadataXml(metadata('signed', 60_000), trusted()), new Date(Date.now() + 120_000))).toThrow(/expired at/);
  });

  it('nothing beside the signed part is read: a signed document wrapped in an aggregate with another identity provider', () => {
    const signed = metadata().replace(/^<\?xml[^>]*>\s*/, '');
    const evil = metadata('unsigned')
      .replace(/^<\?xml[^>]*>\s*/, '')
      .replace(IDP.entityId, 'https://attacker.example/idp')
      .replace(IDP.ssoUrl, 'https://attacker.example/sso');
    const aggregate = `<md:EntitiesDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata">${evil}${signed}</md:EntitiesDescriptor>`;
    expect(() => verifiedMetadataXml(aggregate, trusted())).toThrow(/not signed/);
  });

  it('a signature over an inner element only does not make the document trusted', () => {
    const inner = metadata('signed').replace(/^<\?xml[^>]*>\s*/, '');
    const id = / ID="(_[^"]+)"/.exec(inner)![1];
    // The signed EntityDescriptor inside an aggregate whose own signature points at the inner ID.
    const unsignedAggregate = `<md:EntitiesDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" ID="_outer">${inner}</md:EntitiesDescriptor>`;
    const signature = /<ds:Signature[\s\S]*<\/ds:Signature>/.exec(inner)![0];
    const moved = unsignedAggregate.replace('ID="_outer">', `ID="_outer">${signature}`);
    expect(moved).toContain(`URI="#${id}"`);
    expect(() => verifiedMetadataXml(moved, trusted())).toThrow(/does not cover the whole/);
  });

  it('an aggregate the federation signed, with one identity provider in it, is read; its earlier validUntil applies', () => {
    const entity = metadata('unsigned').replace(/^<\?xml[^>]*>\s*/, '');
    const soon = new Date(Date.now() + 3_600_000);
    const aggregate = signMetadata(
      `<md:EntitiesDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" ID="_agg" validUntil="${soon.toISOString()}">${entity}</md:EntitiesDescriptor>`,
      federation,
    );
    const info = readIdpMetadata(verifiedMetadataXml(aggregate, trusted()));
    expect(info.entityId).toBe(IDP.entityId);
    expect(info.validUntil).toEqual(soon);
  });

  it('malformed XML and a document that is not metadata are refused with a reason', () => {
    expect(() => verifiedMetadataXml('an error page, not XML', trusted())).toThrow(/malformed XML/);
    expect(() => verifiedMetadataXml('<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata">&undefined;</md:EntityDescriptor>', trusted())).toThrow(/malformed XML/);
    expect(() => verifiedMetadataXml('<a x="1" x="2"/>', trusted())).toThrow(/malformed XML/);
    expect(() => verifiedMetadataXml('<html><body>login</body></html>', trusted())).toThrow(/not SAML metadata/);
  });
});
