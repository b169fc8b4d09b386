import { startTestApp, testConfig, type TestApp } from '../../harness/test-app';
import { BASE, startIdpStandIn, startSamlApp } from '../../harness/saml';
import type { IdpStandIn } from '../../src/server/saml/stand-in/idp-stand-in';
import type { MetadataMode } from '../../src/server/saml/stand-in/federation-metadata';
import { SAML_FAILED_PAGE } from '../../src/server/saml/acs';

/**
 * Federation metadata is trusted only when the federation's signature on it verifies against the
 * configured certificate and its validUntil has not passed; a refresh that brings a bad copy keeps
 * the last good one (logged and counted in the metrics).
 */

/** Where login/ sends the browser: the identity provider's SSO endpoint, or an error page. */
async function loginTarget(t: TestApp, federation: 'national' | 'edugain' = 'national'): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: `${BASE[federation]}/login/` });
  expect(res.statusCode).toBeLessThan(500);
  expect(res.statusCode).toBe(302);
  return res.headers.location as string;
}

/** A counter of the process's metrics, 0 when it has not been counted yet. */
async function refreshes(t: TestApp, federation: string, outcome: 'ok' | 'failed'): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics' });
  const line = res.body.split('\n').find((l) => l.startsWith(`portal_saml_metadata_refreshes_total{federation="${federation}",outcome="${outcome}"}`));
  return line ? Number(line.split(' ').pop()) : 0;
}

/** Waits (up to 5 s: the schedule runs every second) until the national counter of `outcome` passes `value`. */
async function countAbove(t: TestApp, outcome: 'ok' | 'failed', value: number): Promise<boolean> {
  for (let i = 0; i < 50; i++) {
    if ((await refreshes(t, 'national', outcome)) > value) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/** A portal whose national federation reads the stand-in's metadata (not registering its SP: the metadata may be refused). */
function portalOn(idp: IdpStandIn, saml: Partial<TestApp['ctx']['config']['saml']> = {}): Promise<TestApp> {
  return startTestApp({
    config: { saml: { ...testConfig().saml, idpMetadata: idp.metadataUrl.national, idpMetadataCert: idp.metadataCert, ...saml } },
  });
}

describe('trusted federation metadata', () => {
  let idp: IdpStandIn;
  beforeAll(async () => {
    idp = await startIdpStandIn();
  });
  afterAll(async () => {
    await idp.close();
  });
  afterEach(() => idp.setMetadataMode('national', 'signed'));

  it('metadata signed by the federation: login/ goes to the identity provider it names', async () => {
    const t = await portalOn(idp);
    try {
      expect(await loginTarget(t)).toMatch(new RegExp(`^${idp.url}/aai/sso\\?SAMLRequest=`));
    } finally {
      await t.close();
    }
  });

  it.each<[MetadataMode, string]>([
    ['unsigned', 'unsigned'],
    ['tampered', 'changed after it was signed'],
    ['other-key', 'signed by another key'],
    ['expired', 'past its validUntil'],
  ])('metadata %s (%s) is never trusted: sign-in lands on the error page and nothing goes to the endpoint it names', async (mode) => {
    idp.setMetadataMode('national', mode);
    const t = await portalOn(idp);
    try {
      expect(await loginTarget(t)).toBe(SAML_FAILED_PAGE);
      const acs = await t.app.inject({ method: 'POST', url: '/saml2/acs/', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'SAMLResponse=PHg%2B' });
      expect(acs.statusCode).toBe(303);
      expect(acs.headers.location).toBe(SAML_FAILED_PAGE);
    } finally {
      await t.close();
    }
  });

  it('without a configured certificate no metadata is trusted', async () => {
    const t = await portalOn(idp, { idpMetadataCert: undefined });
    try {
      expect(await loginTarget(t)).toBe(SAML_FAILED_PAGE);
    } finally {
      await t.close();
    }
  });

  it('a certificate that is not the federation’s refuses the genuine metadata', async () => {
    const stranger = await startIdpStandIn();
    try {
      const t = await portalOn(idp, { idpMetadataCert: stranger.metadataCert });
      try {
        expect(await loginTarget(t)).toBe(SAML_FAILED_PAGE);
      } finally {
        await t.close();
      }
    } finally {
      await stranger.close();
    }
  });

  it('a refresh that brings a bad copy keeps the last good one, counted as failed; a good copy is taken again', async () => {
    const t = await startSamlApp(idp, { saml: { metadataRefreshSeconds: 1 } });
    try {
      const before = await loginTarget(t);
      expect(before).toMatch(new RegExp(`^${idp.url}/aai/sso\\?`));
      const failedBefore = await refreshes(t, 'national', 'failed');
      idp.setMetadataMode('national', 'tampered');
      expect(await countAbove(t, 'failed', failedBefore)).toBe(true);
      // Still the genuine identity provider, never the endpoint of the tampered copy.
      expect(await loginTarget(t)).toMatch(new RegExp(`^${idp.url}/aai/sso\\?`));

      idp.setMetadataMode('national', 'signed');
      const okBefore = await refreshes(t, 'national', 'ok');
      expect(await countAbove(t, 'ok', okBefore)).toBe(true);
      expect(await loginTarget(t)).toMatch(new RegExp(`^${idp.url}/aai/sso\\?`));
    } finally {
      await t.close();
    }
  });
});
