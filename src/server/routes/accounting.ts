import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { isAdmin } from '../context';
import { ApiError, msg } from '../errors';
import { currentUser } from '../plugins/auth';
import { ingestUsage, storedJobIds } from '../services/accounting/ingest';
import { findCluster } from '../services/accounting/clusters';
import { usageAnswer } from '../services/accounting/usage-answer';
import { forecastsFor } from '../services/accounting/forecast';
import { scienceUsage, type ScienceUsageQuery } from '../services/accounting/science-usage';
import { lookupIds } from '../db/vocabularies';
import { ROLE } from '../services/projects/state-rules';

type WindowQuery = { year?: string; range?: string; project?: string };

/**
 * Accounting: the clusters' ingest (`/api/v1/accounting/records`, API key) and the three internal
 * answers the usage pages draw (`/api/v1/internal/accounting/...`, session).
 */
export async function accountingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, schemas } = ctx;

  app.post<{ Querystring: { resource?: string } }>(
    '/api/v1/accounting/records',
    { config: { access: 'api-key', scope: 'accounting:write' }, bodyLimit: schemas.constants.accountingIngestMaxBytes },
    async (request, reply) => {
      const report = await ingestUsage(db, schemas, request.query.resource, request.body);
      const complete = report.skipped.length === 0;
      return reply.status(complete ? 201 : 200).send({ status: { code: complete ? 201 : 200, message: report.message }, ...report });
    },
  );

  app.get<{ Querystring: { resource?: string } }>(
    '/api/v1/accounting/records',
    { config: { access: 'api-key', scope: 'accounting:write' } },
    async (request) => {
      const cluster = findCluster(schemas, request.query.resource);
      if (!cluster) throw new ApiError('unknownCluster');
      return storedJobIds(db, cluster.name);
    },
  );

  /** The projects whose usage the caller may see per project or per user: those they lead, or with `project` one of them (any, for staff). */
  async function projectScope(userId: number, admin: boolean, identifier: string | undefined): Promise<number[]> {
    const roles = await lookupIds(db, 'roles');
    if (identifier !== undefined && identifier !== '') {
      const project = await db.selectFrom('projects').select('id').where('identifier', '=', identifier).executeTakeFirst();
      if (!project) throw new ApiError('notFound', msg('projectNotFound', { identifier }));
      if (admin) return [project.id];
      const leads = await db
        .selectFrom('memberships')
        .select('id')
        .where('project_id', '=', project.id)
        .where('user_id', '=', userId)
        .where('role_id', '=', roles.get(ROLE.lead)!)
        .executeTakeFirst();
      if (!leads) throw new ApiError('forbidden', msg('notProjectLead', { identifier }));
      return [project.id];
    }
    const led = await db.selectFrom('memberships').select('project_id').where('user_id', '=', userId).where('role_id', '=', roles.get(ROLE.lead)!).execute();
    return led.map((m) => m.project_id);
  }

  app.get<{ Querystring: WindowQuery }>('/api/v1/internal/accounting/records', async (request) => {
    const user = currentUser(request);
    return usageAnswer(db, schemas, { kind: 'user', userId: user.id }, request.query);
  });

  app.get<{ Querystring: WindowQuery }>('/api/v1/internal/accounting/project-records', async (request) => {
    const user = currentUser(request);
    const projectIds = await projectScope(user.id, isAdmin(user), request.query.project);
    const answer = await usageAnswer(db, schemas, { kind: 'projects', projectIds, perUser: false }, request.query);
    return { ...answer, forecast: await forecastsFor(db, schemas, projectIds) };
  });

  app.get<{ Querystring: WindowQuery }>('/api/v1/internal/accounting/project-user-records', async (request) => {
    const user = currentUser(request);
    const projectIds = await projectScope(user.id, isAdmin(user), request.query.project);
    return usageAnswer(db, schemas, { kind: 'projects', projectIds, perUser: true }, request.query);
  });

  app.get<{ Querystring: ScienceUsageQuery }>('/api/v1/internal/accounting/science-usage', { config: { access: 'staff' } }, async (request) =>
    scienceUsage(db, schemas, request.query),
  );
}
