import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestApp, testConfig, type TestApp } from '../../harness/test-app';
import { SAML_XML_LIMITS } from '../../src/server/saml/xml-limits';
import { startIdpStandIn } from '../../harness/saml';
import type { IdpStandIn } from '../../src/server/saml/stand-in/idp-stand-in';
import type { MetadataMode } from '../../src/server/saml/stand-in/federation-metadata';
import { ServiceProviders } from '../../src/server/saml/service-providers';
import { checkMetadataAtStart } from '../../src/server/saml/metadata-refresh';

/**
 * What the operator and the caller are told when federation metadata cannot be used: checked (and
 * logged) at start, before the first sign-in; the metadata/ 503 tells a document that cannot be
 * fetched from one fetched and refused; the log names what failed.
 */
type Line = { level: 'info' | 'error'; fields: Record<string, unknown>; message: string };
function capturingLog() {
  const lines: Line[] = [];
  return {
    lines,
    info: (fields: Record<string, unknown>, message: string) => lines.push({ level: 'info', fields, message }),
    error: (fields: Record<string, unknown>, message: string) => lines.push({ level: 'error', fields, message }),
  };
}

describe('diagnosing federation metadata', () => {
  let idp: IdpStandIn;
  beforeAll(async () => {
    idp = await startIdpStandIn();
  });
  afterAll(() => idp.close());
  afterEach(() => idp.setMetadataMode('national', 'signed'));

  const portal = (saml: Partial<TestApp['ctx']['config']['saml']> = {}) =>
    startTestApp({ config: { saml: { ...testConfig().saml, idpMetadata: idp.metadataUrl.national, idpMetadataCert: idp.metadataCert, ...saml } } });
  const atStart = async (t: TestApp) => {
    const log = capturingLog();
    // The log functions take pino's arguments; the capture keeps the two the portal passes.
    await checkMetadataAtStart(new ServiceProviders(t.ctx), log as never);
    return log.lines;
  };
  /** The start's check logs why the metadata was refused, and metadata/ answers 503 saying it was refused, not unreachable; closes `t`. */
  const expectRefusedAtStart = async (t: TestApp, reason: RegExp) => {
    try {
      const [line] = await atStart(t);
      expect(line).toMatchObject({ level: 'error', fields: { federation: 'national' } });
      expect(line!.fields.reason).toMatch(reason);
      const res = await t.app.inject({ method: 'GET', url: '/saml2/metadata/' });
      expect(res.statusCode).toBe(503);
      expect(res.json().status.key).toBe('federationMetadataRefused');
    } finally {
      await t.close();
    }
  };

  it('logs at start that the metadata verified, naming the identity provider', async () => {
    const t = await portal();
    try {
      expect(await atStart(t)).toEqual([
        { level: 'info', fields: expect.objectContaining({ federation: 'national', idp: idp.entityId.national }), message: 'federation metadata verified at start' },
      ]);
    } finally {
      await t.close();
    }
  });

  it.each<[MetadataMode, RegExp]>([
    ['other-key', /the metadata signature does not verify with the configured certificate/],
    ['expired', /the metadata expired at .* \(validUntil\)/],
    ['unsigned', /the metadata is not signed/],
  ])('logs at start why %s metadata was refused, and metadata/ answers 503 saying it was refused, not unreachable', async (mode, reason) => {
    idp.setMetadataMode('national', mode);
    await expectRefusedAtStart(await portal(), reason);
  });

  it('a certificate setting that cannot be read is named as such', async () => {
    const broken = idp.metadataCert.replace(/[A-Za-z0-9+/]{60}\n/, '!!!!\n');
    const t = await portal({ idpMetadataCert: broken });
    try {
      const [line] = await atStart(t);
      expect(line!.fields.reason).toMatch(/certificate configured to verify the metadata cannot be read/);
      expect((await t.app.inject({ method: 'GET', url: '/saml2/metadata/' })).json().status.key).toBe('federationMetadataRefused');
    } finally {
      await t.close();
    }
  });

  it('metadata that cannot be fetched: metadata/ says the federation cannot be reached', async () => {
    const t = await portal({ idpMetadata: `${idp.url}/no-such-metadata` });
    try {
      const [line] = await atStart(t);
      expect(line!.fields.reason).toMatch(/cannot be fetched: HTTP 404/);
      const res = await t.app.inject({ method: 'GET', url: '/saml2/metadata/', headers: { 'accept-language': 'en' } });
      expect(res.statusCode).toBe(503);
      expect(res.json().status.key).toBe('federationUnavailable');
    } finally {
      await t.close();
    }
  });

  describe('metadata beyond the bounds of any XML the portal reads', () => {
    let server: Server;
    let base: string;
    const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
    const documents: Record<string, string> = {
      '/doctype': `<!DOCTYPE md [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><md:EntityDescriptor xmlns:md="${MD}" entityID="&b;"/>`,
      '/deep': `<md:EntityDescriptor xmlns:md="${MD}" entityID="https://idp.example.org">${'<a>'.repeat(100)}${'</a>'.repeat(100)}</md:EntityDescriptor>`,
    };
    beforeAll(async () => {
      server = createServer((request, response) => {
        if (request.url === '/large') {
          // Streamed without a Content-Length: the limit holds while reading, not only by the header.
          const chunk = Buffer.alloc(1024 * 1024, ' ');
          response.writeHead(200, { 'content-type': 'application/samlmetadata+xml' });
          response.write(`<md:EntityDescriptor xmlns:md="${MD}">`);
          for (let sent = 0; sent <= SAML_XML_LIMITS.metadataBytes; sent += chunk.length) if (!response.destroyed) response.write(chunk);
          response.end('</md:EntityDescriptor>');
          return;
        }
        response.writeHead(200, { 'content-type': 'application/samlmetadata+xml' }).end(documents[request.url ?? ''] ?? '');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it.each([
      ['/doctype', /DOCTYPE/],
      ['/deep', /nested deeper than 32/],
      ['/large', /larger than 16777216 bytes/],
    ])('refuses %s metadata unread, says why at start, and metadata/ answers 503 refused', async (path, reason) => {
      await expectRefusedAtStart(await portal({ idpMetadata: `${base}${path}` }), reason);
    });
  });
});
