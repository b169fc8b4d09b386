import { RegistryClient, RegistryError, REGISTRY_PATHS } from '../../../src/server/registry/registry-client';
import { startRegistryStandIn, type StandIn } from '../../../src/server/registry/stand-in/registry-stand-in';

const LEAD_OIB = '20930726687';
const noSleep = jest.fn(async () => undefined);

// A generous timeout: a loaded machine must not turn a plain call into a retry. Timeout tests set their own.
function clientFor(standIn: StandIn, extra: Partial<ConstructorParameters<typeof RegistryClient>[0]> = {}) {
  return new RegistryClient({ url: standIn.url, username: 'demo', password: 'demo', timeoutMs: 5_000, retries: 2, sleep: noSleep, ...extra });
}

async function failure(promise: Promise<unknown>): Promise<RegistryError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(RegistryError);
  return error as RegistryError;
}

describe('registry client', () => {
  let standIn: StandIn;
  beforeAll(async () => {
    standIn = await startRegistryStandIn({ username: 'demo', password: 'demo' });
  });
  afterAll(() => standIn.close());
  beforeEach(() => {
    standIn.setFault(null);
    standIn.requests.length = 0;
    noSleep.mockClear();
  });

  it('sends Basic auth and Accept JSON, and returns the person document', async () => {
    const person = await clientFor(standIn).personLead(LEAD_OIB);
    expect(person).toMatchObject({ ime: 'Ana', prezime: 'Horvat', maticniBrojZnanstvenika: '312456' });
    expect(standIn.requests).toEqual([
      { method: 'GET', path: REGISTRY_PATHS.personLead(LEAD_OIB), authorization: `Basic ${Buffer.from('demo:demo').toString('base64')}`, accept: 'application/json' },
    ]);
  });

  it('reports wrong credentials as rejected, without retrying', async () => {
    const error = await failure(clientFor(standIn, { password: 'wrong' }).personLead(LEAD_OIB));
    expect(error).toMatchObject({ kind: 'rejected', httpStatus: 401 });
    expect(standIn.requests).toHaveLength(1);
  });

  it('retries a 500 with a backoff and then succeeds', async () => {
    standIn.setFault({ kind: 'serverError', times: 2 });
    const project = await clientFor(standIn).project(27031);
    expect(project.hrSifraProjekta).toBe('IP-2022-10-1234');
    expect(standIn.requests).toHaveLength(3);
    expect(noSleep.mock.calls).toEqual([[250], [500]]);
  });

  it('gives up on a registry that keeps answering 500', async () => {
    standIn.setFault({ kind: 'serverError' });
    const error = await failure(clientFor(standIn, { retries: 1 }).project(27031));
    expect(error.kind).toBe('serverError');
    expect(standIn.requests).toHaveLength(2);
  });

  it('times out a slow registry after every attempt', async () => {
    standIn.setFault({ kind: 'slow', delayMs: 5_000 });
    const started = Date.now();
    const error = await failure(clientFor(standIn, { timeoutMs: 150, retries: 2 }).project(27031));
    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(/within 150 ms \(after 3 attempts\)/);
    expect(standIn.requests).toHaveLength(3);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('reports an HTTP 404 as not found with the registry message, without retrying', async () => {
    const error = await failure(clientFor(standIn).personLead('43489129952'));
    expect(error).toMatchObject({ kind: 'notFound', httpStatus: 404, message: 'Ne postoji traženi resurs' });
    expect(standIn.requests).toHaveLength(1);
  });

  it('reports an error body inside a 200 answer as not found', async () => {
    standIn.setFault({ kind: 'notFoundBody', path: '/projekti-api/projekt/' });
    const error = await failure(clientFor(standIn).project(27031));
    expect(error).toMatchObject({ kind: 'notFound', message: 'Ne postoji traženi resurs' });
  });

  it('reports a body that is not JSON as bad JSON', async () => {
    standIn.setFault({ kind: 'badJson' });
    const error = await failure(clientFor(standIn).person(41021));
    expect(error.kind).toBe('badJson');
    expect(standIn.requests).toHaveLength(1);
  });

  it('reports a registry nobody listens on as unreachable after retrying', async () => {
    const closed = await startRegistryStandIn({ username: 'demo', password: 'demo' });
    await closed.close();
    const error = await failure(new RegistryClient({ url: closed.url, timeoutMs: 300, retries: 1, sleep: noSleep }).person(1));
    expect(error.kind).toBe('unreachable');
    expect(noSleep).toHaveBeenCalledTimes(1);
  });
});
