import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { currentUser } from '../plugins/auth';
import { submitRequest, type SubmitEndpoint } from '../projects/submit-request';
import { json, ref, type RouteShape } from '../openapi/route-shape';

const ENDPOINTS: Record<SubmitEndpoint, { url: string; shape: RouteShape }> = {
  general: {
    url: '/api/v1/internal/projects-general/',
    shape: {
      summary: 'Files a request of a type without a registry project; the body is the form of its project_type (schemas/requests/).',
      checkedByHandler: {
        body: { type: 'object', description: 'A request form of schemas/requests/, chosen by project_type.', properties: { project_type: { type: 'string' } }, required: ['project_type'] },
      },
      response: { 201: json('The new request.', ref('entities/project')) },
    },
  },
  research: {
    url: '/api/v1/internal/projects-research/',
    shape: {
      summary: 'Files a research project request for a registry project the caller leads (schemas/requests/research-project.json).',
      checkedByHandler: { body: ref('requests/research-project') },
      response: { 201: json('The new request.', ref('entities/project')) },
    },
  },
};

/**
 * POST projects-general/ and projects-research/: file a new request. The body is validated in
 * the service, not by a route schema, because which schema applies depends on its `project_type`
 * (requests/index.json maps it to the request type's form).
 */
export async function requestRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  for (const [endpoint, { url, shape }] of Object.entries(ENDPOINTS) as [SubmitEndpoint, (typeof ENDPOINTS)[SubmitEndpoint]][]) {
    app.post(url, { schema: shape }, async (request, reply) => {
      const project = await submitRequest(ctx, currentUser(request), request.body, endpoint);
      return reply.status(201).send(project);
    });
  }
}
