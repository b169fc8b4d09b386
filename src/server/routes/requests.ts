import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { currentUser } from '../plugins/auth';
import { submitRequest, type SubmitEndpoint } from '../services/projects/submit-request';

const ENDPOINTS: Record<SubmitEndpoint, string> = {
  general: '/api/v1/internal/projects-general/',
  research: '/api/v1/internal/projects-research/',
};

/**
 * POST projects-general/ and projects-research/: file a new request. The body is validated in
 * the service, not by a route schema, because which schema applies depends on its `project_type`
 * (requests/index.json maps it to the request type's form).
 */
export async function requestRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  for (const [endpoint, url] of Object.entries(ENDPOINTS) as [SubmitEndpoint, string][]) {
    app.post(url, async (request, reply) => {
      const project = await submitRequest(ctx, currentUser(request), request.body, endpoint);
      return reply.status(201).send(project);
    });
  }
}
