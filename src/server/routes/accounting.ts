import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { isAdmin } from '../context';
import { ApiError } from '../errors';
import { currentUser } from '../plugins/auth';
import { ingestUsage } from '../accounting/ingest';
import { storedJobIds } from '@/server/accounting/queries';
import { findCluster } from '../accounting/clusters';
import { usageAnswer } from '../accounting/usage-answer';
import { forecastsFor } from '../accounting/forecast';
import { scienceUsage, type ScienceUsageQuery } from '../accounting/science-usage';
import { projectScope as scopeOf } from '../accounting/project-scope';
import { json, query, ref, type RouteShape } from '../openapi/route-shape';
import { USAGE_QUERY } from './usage-query';

type WindowQuery = { year?: string; range?: string; project?: string };

/** The cluster a record call is about; the handler looks it up in rules/clusters.json. */
const RESOURCE = { type: 'object', properties: { resource: { type: 'string', description: 'The cluster (rules/clusters.json).' } }, required: ['resource'] };
const USAGE = json('Usage.', ref('api/accounting-usage-answer'));

/**
 * Accounting: the clusters' ingest (`/api/v1/accounting/records`, API key) and the three internal
 * answers the usage pages draw (`/api/v1/internal/accounting/...`, session).
 */
export async function accountingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;

  app.post<{ Querystring: { resource?: string } }>(
    '/api/v1/accounting/records',
    {
      config: { access: 'api-key', scope: 'accounting:write' },
      bodyLimit: ctx.schemas.constants.accountingIngestMaxBytes,
      schema: {
        summary: 'A cluster reports job usage (API key, scope accounting:write); re-sent jobs are stored once.',
        checkedByHandler: { querystring: RESOURCE, body: ref('api/usage-records') },
        response: {
          201: json('Stored; rows already stored or without a project of the cluster are listed in skipped.', ref('api/accounting-ingest-answer')),
          404: json('A row names a user or project the portal does not have: those rows skipped, the rest stored (the current portal’s answer).', ref('api/accounting-ingest-answer')),
        },
      },
    },
    async (request, reply) => {
      // The current portal's contract (docs/external-api.md): 404 with its message when a row names
      // someone or something unknown, the other rows stored all the same; else 201.
      const { notFound, ...report } = await ingestUsage(db, ctx.schemas, request.query.resource, request.body);
      const code = notFound ? 404 : 201;
      return reply.status(code).send({ status: { code, message: notFound ?? report.message }, ...report });
    },
  );

  app.get<{ Querystring: { resource?: string } }>(
    '/api/v1/accounting/records',
    {
      config: { access: 'api-key', scope: 'accounting:write' },
      schema: {
        summary: 'The job ids stored for a cluster (API key, scope accounting:write).',
        checkedByHandler: { querystring: RESOURCE },
        response: { 200: json('Sorted job ids.', { type: 'array', items: { type: 'string' } }) },
      },
    },
    async (request) => {
      const cluster = findCluster(ctx.schemas, request.query.resource);
      if (!cluster) throw new ApiError('unknownCluster');
      return storedJobIds(db, cluster.name);
    },
  );

  const projectScope = (userId: number, admin: boolean, identifier: string | undefined) => scopeOf(db, userId, admin, identifier);

  const own: RouteShape = { summary: 'The caller’s own usage per cluster and project.', checkedByHandler: { querystring: USAGE_QUERY }, response: { 200: USAGE } };
  app.get<{ Querystring: WindowQuery }>('/api/v1/internal/accounting/records', { schema: own }, async (request) => {
    const user = currentUser(request);
    return usageAnswer(db, ctx.schemas, { kind: 'user', userId: user.id }, request.query);
  });

  const perProject: RouteShape = {
    summary: 'Usage of the projects the caller leads (staff: of one project), per project, with forecasts.',
    checkedByHandler: { querystring: USAGE_QUERY },
    response: { 200: USAGE },
  };
  app.get<{ Querystring: WindowQuery }>('/api/v1/internal/accounting/project-records', { schema: perProject }, async (request) => {
    const user = currentUser(request);
    const projectIds = await projectScope(user.id, isAdmin(user), request.query.project);
    const answer = await usageAnswer(db, ctx.schemas, { kind: 'projects', projectIds, perUser: false }, request.query);
    return { ...answer, forecast: await forecastsFor(db, ctx.schemas, projectIds) };
  });

  const perUser: RouteShape = {
    summary: 'Usage of the projects the caller leads (staff: of one project), per user.',
    checkedByHandler: { querystring: USAGE_QUERY },
    response: { 200: USAGE },
  };
  app.get<{ Querystring: WindowQuery }>('/api/v1/internal/accounting/project-user-records', { schema: perUser }, async (request) => {
    const user = currentUser(request);
    const projectIds = await projectScope(user.id, isAdmin(user), request.query.project);
    return usageAnswer(db, ctx.schemas, { kind: 'projects', projectIds, perUser: true }, request.query);
  });

  const science: RouteShape = {
    summary: 'Staff: each cluster’s hours split by the projects’ declared science domain (or field) shares, per month or year.',
    checkedByHandler: {
      querystring: query({
        by: "'domain' (default) or 'field'.",
        period: "'month' (default) or 'year'.",
        year: 'A year (yyyy) to show instead of the range.',
        range: 'The months shown: one of the ranges of rules/constants.json.',
      }),
    },
    response: { 200: json('Usage by science domain.', ref('api/science-usage')) },
  };
  app.get<{ Querystring: ScienceUsageQuery }>('/api/v1/internal/accounting/science-usage', { config: { access: 'staff' }, schema: science }, async (request) =>
    scienceUsage(db, ctx.schemas, request.query),
  );
}
