import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { InstituteCheck, RegistryInfo } from '../../../generated';
import type { AppContext } from '../context';
import type { UserRow } from '../db/tables';
import { ApiError } from '../errors';
import { currentUser } from '../plugins/auth';
import { checkInstituteEligibility } from '../services/registry/institute-eligibility';
import { getRegistryInfo } from '../services/registry/registry-snapshots';

const OIB = /^\d{11}$/;

/** Copies the registry's name, email and MBZ onto the user when they changed. */
async function rememberRegistryPerson(ctx: AppContext, user: UserRow, info: RegistryInfo): Promise<void> {
  const person = info.data?.person_info;
  if (!person) return;
  const update = {
    croris_first_name: person.first_name ?? user.croris_first_name,
    croris_last_name: person.last_name ?? user.croris_last_name,
    croris_mail: person.email ?? user.croris_mail,
    croris_mbz: person.mbz ?? null,
  };
  const same = (Object.keys(update) as (keyof typeof update)[]).every((k) => update[k] === user[k]);
  if (!same) await ctx.db.updateTable('users').set(update).where('id', '=', user.id).execute();
}

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
  app.get('/api/v1/internal/croris-info/', own);
  app.get('/api/v1/internal/croris-info', own);

  // Staff look at someone else's registry data; nothing is written onto the staff user.
  app.get<{ Params: { oib: string } }>('/api/v1/internal/croris-info/:oib', { config: { access: 'staff' } }, async (request) => {
    const { oib } = request.params;
    if (!OIB.test(oib)) throw new ApiError('invalidOib');
    return getRegistryInfo(ctx, oib);
  });

  const canSubmit = async (request: FastifyRequest): Promise<InstituteCheck> =>
    checkInstituteEligibility(ctx, currentUser(request));
  app.get('/api/v1/internal/can-submit-institute-project', canSubmit);
  app.get('/api/v1/internal/can-submit-institute-project/', canSubmit);
}
