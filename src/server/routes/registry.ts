import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { InstituteCheck, RegistryInfo } from '@generated';
import type { AppContext } from '../context';
import { ApiError } from '../errors';
import { currentUser } from '../plugins/auth';
import { checkInstituteEligibility } from '../registry/institute-eligibility';
import { getRegistryInfo } from '../registry/registry-snapshots';
import { rememberRegistryPerson } from '../registry/registry-person';
import { json, path, ref, type RouteShape } from '../openapi/route-shape';

const OIB = /^\d{11}$/;

/**
 * The registry answer without the collaborators' OIBs (national ids): the lead's browser needs
 * their names and e-mails; the checks that need OIBs read the stored snapshot on the server.
 */
export function withoutCollaboratorOibs(info: RegistryInfo): RegistryInfo {
  if (!info.data) return info;
  const users = Object.fromEntries(
    Object.entries(info.data.projects_lead_users).map(([id, list]) => [id, list.map(({ oib: _oib, ...rest }) => rest)]),
  );
  return { ...info, data: { ...info.data, projects_lead_users: users } };
}

/**
 * Registry (CroRIS) calls: the caller's registry data, a staff view of anyone's, and the
 * institutional-project check. Registry trouble never fails the call: it is reported inside the
 * 200 answer's status, as the client expects.
 */
export async function registryRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const own = async (request: FastifyRequest): Promise<RegistryInfo> => {
    const user = currentUser(request);
    const info = await getRegistryInfo(ctx, user.person_oib);
    await rememberRegistryPerson(ctx, user, info);
    return withoutCollaboratorOibs(info);
  };
  const ownShape: RouteShape = {
    summary: 'The caller’s research registry (CroRIS) data: person, projects they lead and their collaborators (without national ids).',
    response: { 200: json('The registry data; registry trouble is reported in status, still with 200.', ref('entities/registry-info')) },
  };
  app.get('/api/v1/internal/croris-info/', { schema: ownShape }, own);
  app.get('/api/v1/internal/croris-info', { schema: ownShape }, own);

  // Staff look at someone else's registry data; nothing is written onto the staff user.
  const anyone: RouteShape = {
    summary: 'Staff: anyone’s registry data by national id (OIB, 11 digits).',
    checkedByHandler: { params: path({ oib: 'National id, 11 digits.' }) },
    response: { 200: json('The registry data.', ref('entities/registry-info')) },
  };
  app.get<{ Params: { oib: string } }>('/api/v1/internal/croris-info/:oib', { config: { access: 'staff' }, schema: anyone }, async (request) => {
    const { oib } = request.params;
    if (!OIB.test(oib)) throw new ApiError('invalidOib');
    return getRegistryInfo(ctx, oib);
  });

  const canSubmit = async (request: FastifyRequest): Promise<InstituteCheck> =>
    checkInstituteEligibility(ctx, currentUser(request));
  const check: RouteShape = { summary: 'Whether the caller may file an institutional project, and why not.', response: { 200: json('The check.', ref('entities/institute-check')) } };
  app.get('/api/v1/internal/can-submit-institute-project', { schema: check }, canSubmit);
  app.get('/api/v1/internal/can-submit-institute-project/', { schema: check }, canSubmit);
}
