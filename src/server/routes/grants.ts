import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { isAdmin } from '../context';
import { currentUser } from '../plugins/auth';
import { projectScope } from '../accounting/project-scope';
import { grantStatus, publicStatus } from '../grants/grant-status';
import { efficiencyAnswer, efficiencyMonth } from '../grants/efficiency';
import { json, query, ref, type RouteShape } from '../openapi/route-shape';
import { PROJECT_PARAM } from './usage-query';

/** How many projects staff's list of the least efficient shows. */
const LEAST_EFFICIENT = 20;

/**
 * Hours granted and efficiency (docs/decisions/0290-hours-granted.md): the grants of the projects
 * a lead leads (staff: any), staff's list of projects over a threshold, the efficiency of each
 * member of a lead's projects and staff's centre-wide list of the least efficient projects.
 */
export async function grantRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, schemas } = ctx;

  const grants: RouteShape = {
    summary: 'Hours granted to the projects the caller leads (staff: to one project), with hours used, run-out dates and thresholds reached.',
    checkedByHandler: { querystring: query({ project: PROJECT_PARAM }) },
    response: { 200: json('The grants in force.', ref('api/grants-answer')) },
  };
  app.get<{ Querystring: { project?: string } }>('/api/v1/internal/grants', { schema: grants }, async (request) => {
    const user = currentUser(request);
    const ids = await projectScope(db, user.id, isAdmin(user), request.query.project);
    return { projects: (await grantStatus(db, schemas, ids)).map(publicStatus) };
  });

  const overThreshold: RouteShape = {
    summary: 'Staff: the projects with a threshold of rules/grants.json reached on a grant in force, the most used first.',
    response: { 200: json('The projects.', ref('api/grants-answer')) },
  };
  app.get('/api/v1/internal/grants/over-threshold', { config: { access: 'staff' }, schema: overThreshold }, async () => {
    const over = (await grantStatus(db, schemas)).filter((p) => p.flagged || p.clusters.some((c) => c.cpuh?.reached.length || c.gpuh?.reached.length));
    over.sort((a, b) => (b.usedPercent ?? 0) - (a.usedPercent ?? 0) || a.identifier.localeCompare(b.identifier));
    return { projects: over.map(publicStatus) };
  });

  const month = 'yyyy-MM; the month before the current one by default.';
  const efficiency: RouteShape = {
    summary: 'CPU efficiency and GPU utilisation of each member of the projects the caller leads (staff: of one project) in a month.',
    checkedByHandler: { querystring: query({ project: PROJECT_PARAM, month }) },
    response: { 200: json('Efficiency per member.', ref('api/efficiency-answer')) },
  };
  app.get<{ Querystring: { project?: string; month?: string } }>('/api/v1/internal/accounting/efficiency', { schema: efficiency }, async (request) => {
    const user = currentUser(request);
    const projectIds = await projectScope(db, user.id, isAdmin(user), request.query.project);
    return efficiencyAnswer(db, schemas, { kind: 'members', projectIds }, efficiencyMonth(schemas, request.query.month));
  });

  const leastEfficient: RouteShape = {
    summary: 'Staff: the least efficient projects of the centre in a month.',
    checkedByHandler: { querystring: query({ month }) },
    response: { 200: json('Efficiency per project.', ref('api/efficiency-answer')) },
  };
  app.get<{ Querystring: { month?: string } }>('/api/v1/internal/accounting/efficiency/projects', { config: { access: 'staff' }, schema: leastEfficient }, async (request) =>
    efficiencyAnswer(db, schemas, { kind: 'projects', limit: LEAST_EFFICIENT }, efficiencyMonth(schemas, request.query.month)),
  );
}
