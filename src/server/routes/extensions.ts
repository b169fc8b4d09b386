import type { FastifyInstance } from 'fastify';
import { addDays, addMonths, format, parseISO } from 'date-fns';
import type { AppContext } from '../context';
import { isAdmin } from '../context';
import type { ExtensionNewBody, ProjectExtension } from '../../../generated';
import { lookupIds } from '../db/vocabularies';
import { ApiError, msg } from '../errors';
import { parseDatabaseId } from '../services/invites/project-rules';
import { currentUser } from '../plugins/auth';
import { schemaIdOf } from '../../schema-runtime';
import { mailExtensionRequested } from '../services/projects/project-mails';
import { loadExtensions } from '../services/projects/serialize-project';
import { ROLE, STATE, stateRule } from '../services/projects/state-rules';

const BASE = '/api/v1/internal/project-extend';
const API_DATE = 'yyyy-MM-dd';

/** A path id as a project id; anything else names no project. */
function projectIdOf(ctx: AppContext, raw: string): number {
  const id = parseDatabaseId(ctx.schemas, raw);
  if (id === undefined) throw new ApiError('notFound', msg('projectNotFound', { identifier: raw }));
  return id;
}

/**
 * Extension requests: a lead asks to move a project's end (POST project-extend/{projectId}); the
 * lists answer the extensions of the caller's projects (staff: of all projects) and of one project.
 * Staff approve an extension by moving the project from submit-extend to extend (POST projects/…).
 */
export async function extensionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, schemas, config } = ctx;

  /** Ids of the projects the user is a member of. */
  const memberProjectIds = async (userId: number) =>
    (await db.selectFrom('memberships').select('project_id').where('user_id', '=', userId).execute()).map((r) => r.project_id);

  app.get(BASE, async (request) => {
    const user = currentUser(request);
    return isAdmin(user) ? loadExtensions(db) : loadExtensions(db, await memberProjectIds(user.id));
  });

  app.get<{ Params: { id: string } }>(`${BASE}/:id`, async (request) => {
    const user = currentUser(request);
    const projectId = projectIdOf(ctx, request.params.id);
    const project = await db.selectFrom('projects').select('id').where('id', '=', projectId).executeTakeFirst();
    if (!project) throw new ApiError('notFound', msg('projectNotFound', { identifier: projectId }));
    if (!isAdmin(user) && !(await memberProjectIds(user.id)).includes(projectId))
      throw new ApiError('forbidden', msg('extensionMembersOnly'));
    return loadExtensions(db, [projectId]);
  });

  app.post<{ Params: { id: string }; Body: ExtensionNewBody }>(
    `${BASE}/:id`,
    { schema: { body: { $ref: schemaIdOf('api/extension-new') } } },
    async (request, reply) => {
      const user = currentUser(request);
      const projectId = projectIdOf(ctx, request.params.id);
      const reason = request.body.reason.trim();
      const states = await lookupIds(db, 'states');

      const extension = await db.transaction().execute(async (trx) => {
        // Locked so that two extension requests (or a staff change) cannot interleave.
        const project = await trx
          .selectFrom('projects')
          .innerJoin('states', 'states.id', 'projects.state_id')
          .select(['projects.id', 'projects.identifier', 'projects.name', 'projects.date_end', 'states.name as state_name'])
          .where('projects.id', '=', projectId)
          .forUpdate('projects')
          .executeTakeFirst();
        if (!project) throw new ApiError('notFound', msg('projectNotFound', { identifier: projectId }));
        const lead = await trx
          .selectFrom('memberships')
          .innerJoin('roles', 'roles.id', 'memberships.role_id')
          .select('memberships.id')
          .where('memberships.project_id', '=', projectId)
          .where('memberships.user_id', '=', user.id)
          .where('roles.name', '=', ROLE.lead)
          .executeTakeFirst();
        if (!lead) throw new ApiError('forbidden', msg('extensionLeadOnly'));
        const current = stateRule(schemas, project.state_name);
        if (!current.leadOptions.includes(STATE.extensionRequested))
          throw new ApiError('validationFailed', msg('extensionWrongState', { state: current.value }));
        if (!project.date_end) throw new ApiError('validationFailed', msg('extensionNoEndDate'));

        const graceMonths = config.graceMonths ?? schemas.constants.graceMonthsFallback;
        const currentEnd = parseISO(project.date_end);
        const earliest = format(addDays(currentEnd, 1), API_DATE);
        const latest = format(addMonths(currentEnd, graceMonths), API_DATE);
        const wanted = request.body.date_end;
        if (wanted < earliest || wanted > latest)
          throw new ApiError('validationFailed', msg('extensionDateRange', { earliest, latest, months: graceMonths, end: project.date_end }), {
            issues: [{ path: '/date_end', key: wanted < earliest ? 'dateTooEarly' : 'dateTooLate', params: { limit: wanted < earliest ? earliest : latest } }],
          });

        const row = await trx
          .insertInto('extensions')
          .values({ project_id: projectId, reason, date_end: wanted, approved: false })
          .returning(['id', 'project_id', 'approved', 'date_end', 'reason', 'date_submitted'])
          .executeTakeFirstOrThrow();
        const target = stateRule(schemas, STATE.extensionRequested);
        await trx
          .updateTable('projects')
          .set({ state_id: states.get(target.value)!, is_active: target.isActive })
          .where('id', '=', projectId)
          .execute();
        await mailExtensionRequested(trx, ctx, { identifier: project.identifier, name: project.name, dateEnd: wanted, reason, lead: user });
        return row;
      });
      const answer: ProjectExtension = {
        id: extension.id,
        project: extension.project_id,
        approved: extension.approved,
        date_end: extension.date_end,
        reason: extension.reason,
        date_submitted: new Date(extension.date_submitted).toISOString(),
      };
      return reply.status(201).send(answer);
    },
  );
}
