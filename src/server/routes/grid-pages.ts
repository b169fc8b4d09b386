import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { schemaIdOf } from '../../schema-runtime';
import { gridPages } from '../services/grid-pages/grid-page';

/**
 * GET /api/v1/internal/grid-page/:grid (staff): one page of a staff grid (tables/projects,
 * tables/requests, tables/users-active, tables/users-inactive) with its filters, sort and window
 * in the query string. Read straight from the tables: a caller's change shows on their next page.
 */
export async function gridPageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const pages = gridPages(ctx.db, ctx.schemas);
  app.get<{ Params: { grid: string }; Querystring: Record<string, string | string[] | undefined> }>(
    '/api/v1/internal/grid-page/:grid',
    { config: { access: 'staff' }, schema: { querystring: { $ref: schemaIdOf('api/grid-page-query') } } },
    async (request, reply) => reply.type('application/json; charset=utf-8').send(await pages.page(request.params.grid, request.query)),
  );
}
