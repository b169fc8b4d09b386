import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { isAdmin } from '../context';
import type { ProjectChangeBody } from '@generated';
import { ApiError, msg } from '../errors';
import { currentUser } from '../plugins/auth';
import { arrayOf, json, MESSAGE, path, ref, type RouteShape } from '../openapi/route-shape';
import { loadProject, loadProjects } from '../projects/serialize-project';
import { deleteProject, processProject } from '../projects/process-project';
import { isRoleName } from '../projects/state-rules';
import { sendCachedList } from '../plugins/list-replies';
import { projectTimeline } from '../projects/timeline';
import { projectsLiveList } from '../projects/projects-list';

const BASE = '/api/v1/internal/projects';
const PROJECT = ref('entities/project');
const PROJECTS = arrayOf('entities/project');
const IDENTIFIER = { params: path({ identifier: 'The project identifier, URL-encoded.' }) };

/**
 * The project endpoints: the caller's projects (all, or by role), staff's list of all, one project
 * (members and staff only), and staff's change and delete. Identifiers are URL-encoded in the path
 * (registry codes may hold '/' or spaces).
 */
export async function projectRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  // Staff-only, and the same for every caller: one live list serves them all.
  const allProjects = projectsLiveList(db);

  app.get(`${BASE}/`, { schema: { summary: 'The caller’s projects and requests.', response: { 200: json('The projects.', PROJECTS) } } }, async (request) => {
    const user = currentUser(request);
    return loadProjects(db, { memberId: user.id }, { includeOib: isAdmin(user) });
  });

  const all: RouteShape = { summary: 'Staff: every project and request, with the fields the staff grids show.', response: { 200: json('The projects.', ref('api/projects-list')) } };
  app.get(`${BASE}/all`, { config: { access: 'staff' }, schema: all }, async (request, reply) => sendCachedList(ctx, request, reply, allProjects));

  const byRole: RouteShape = {
    summary: 'The caller’s projects in one role (rules/roles.json).',
    checkedByHandler: { params: { type: 'object', properties: { role: ref('rules/roles') }, required: ['role'] } },
    response: { 200: json('The projects.', PROJECTS) },
  };
  app.get<{ Params: { role: string } }>(`${BASE}/role/:role`, { schema: byRole }, async (request) => {
    const user = currentUser(request);
    const { role } = request.params;
    if (!isRoleName(ctx.schemas, role)) throw new ApiError('notFound', msg('roleNotFound', { role }));
    return loadProjects(db, { memberId: user.id, role }, { includeOib: isAdmin(user) });
  });

  const one: RouteShape = { summary: 'One project (its members and staff).', checkedByHandler: IDENTIFIER, response: { 200: json('The project.', PROJECT) } };
  app.get<{ Params: { identifier: string } }>(`${BASE}/:identifier`, { schema: one }, async (request) => {
    const user = currentUser(request);
    const { identifier } = request.params;
    const project = await loadProject(db, identifier, { includeOib: isAdmin(user) });
    if (!project) throw new ApiError('notFound', msg('projectNotFound', { identifier }));
    const member = project.userproject_set?.some((m) => m.user.id === user.id) ?? false;
    if (!member && !isAdmin(user)) throw new ApiError('forbidden', msg('projectMembersOnly'));
    return project;
  });

  // The project's history: its lead and staff only.
  const timeline: RouteShape = {
    summary: 'The project’s history (its lead and staff).',
    checkedByHandler: IDENTIFIER,
    response: { 200: json('Oldest first.', ref('api/project-timeline')) },
  };
  app.get<{ Params: { identifier: string } }>(`${BASE}/:identifier/timeline`, { schema: timeline }, async (request) =>
    projectTimeline(ctx, currentUser(request), request.params.identifier),
  );

  app.post<{ Params: { identifier: string }; Body: ProjectChangeBody }>(
    `${BASE}/:identifier`,
    // The current web client's names (requestName, scientificDomain …) and whole form state are
    // mapped to ours before validation (the schema's `aliases`, plugins/current-client.ts).
    {
      config: { access: 'staff' },
      schema: {
        summary: 'Staff: changes a project (state, dates, granted resources, comment …).',
        checkedByHandler: IDENTIFIER,
        body: ref('api/project-change'),
        response: { 200: json('The project after the change.', PROJECT) },
      },
    },
    async (request, reply) => {
      const project = await processProject(ctx, currentUser(request), request.params.identifier, request.body);
      return reply.status(200).send(project);
    },
  );

  const remove: RouteShape = { summary: 'Staff: deletes a project.', checkedByHandler: IDENTIFIER, response: { 200: json('Deleted.', MESSAGE) } };
  app.delete<{ Params: { identifier: string } }>(`${BASE}/:identifier`, { config: { access: 'staff' }, schema: remove }, async (request) => {
    await deleteProject(ctx, request.params.identifier);
    return { status: { code: 200, message: `Project ${request.params.identifier} deleted` } };
  });
}
