import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { isAdmin } from '../context';
import type { ProjectChangeBody } from '../../../generated';
import { ApiError, msg } from '../errors';
import { currentUser } from '../plugins/auth';
import { mapCurrentClientBody, schemaIdOf } from '../../schema-runtime';
import { loadProject, loadProjects } from '../services/projects/serialize-project';
import { deleteProject, processProject } from '../services/projects/process-project';
import { isRoleName } from '../services/projects/state-rules';
import { sendCachedList, type ListSpec } from '../services/list-cache';
import { projectTimeline } from '../services/projects/timeline';
import { projectsListJson } from '../services/projects/projects-list';

const BASE = '/api/v1/internal/projects';

/**
 * The project endpoints: the caller's projects (all, or by role), staff's list of all, one project
 * (members and staff only), and staff's change and delete. Identifiers are URL-encoded in the path
 * (registry codes may hold '/' or spaces).
 */
export async function projectRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, schemas } = ctx;
  // Staff-only, and the same for every caller: one stored answer serves them all.
  const allProjects: ListSpec = {
    name: 'projects-all',
    dependsOn: ['projects', 'states', 'project_types', 'memberships', 'users', 'roles'],
    build: () => projectsListJson(db),
    // After a change the previous answer is served while the new one is built (not to the changer).
    staleWhileRevalidate: true,
  };

  app.get(`${BASE}/`, async (request) => {
    const user = currentUser(request);
    return loadProjects(db, { memberId: user.id }, { includeOib: isAdmin(user) });
  });

  app.get(`${BASE}/all`, { config: { access: 'staff' } }, async (request, reply) => sendCachedList(ctx, request, reply, allProjects));

  app.get<{ Params: { role: string } }>(`${BASE}/role/:role`, async (request) => {
    const user = currentUser(request);
    const { role } = request.params;
    if (!isRoleName(schemas, role)) throw new ApiError('notFound', msg('roleNotFound', { role }));
    return loadProjects(db, { memberId: user.id, role }, { includeOib: isAdmin(user) });
  });

  app.get<{ Params: { identifier: string } }>(`${BASE}/:identifier`, async (request) => {
    const user = currentUser(request);
    const { identifier } = request.params;
    const project = await loadProject(db, identifier, { includeOib: isAdmin(user) });
    if (!project) throw new ApiError('notFound', msg('projectNotFound', { identifier }));
    const member = project.userproject_set?.some((m) => m.user.id === user.id) ?? false;
    if (!member && !isAdmin(user)) throw new ApiError('forbidden', msg('projectMembersOnly'));
    return project;
  });

  // The project's history: its lead and staff only.
  app.get<{ Params: { identifier: string } }>(`${BASE}/:identifier/timeline`, async (request) =>
    projectTimeline(ctx, currentUser(request), request.params.identifier),
  );

  app.post<{ Params: { identifier: string }; Body: ProjectChangeBody }>(
    `${BASE}/:identifier`,
    {
      config: { access: 'staff' },
      schema: { body: { $ref: schemaIdOf('api/project-change') } },
      // The current web client's names (requestName, scientificDomain …) and whole form state, mapped to ours.
      preValidation: async (request) => {
        request.body = mapCurrentClientBody(schemas, 'api/project-change', request.body).body as ProjectChangeBody;
      },
    },
    async (request, reply) => {
      const project = await processProject(ctx, currentUser(request), request.params.identifier, request.body);
      return reply.status(200).send(project);
    },
  );

  app.delete<{ Params: { identifier: string } }>(`${BASE}/:identifier`, { config: { access: 'staff' } }, async (request) => {
    await deleteProject(ctx, request.params.identifier);
    return { status: { code: 200, message: `Project ${request.params.identifier} deleted` } };
  });
}
