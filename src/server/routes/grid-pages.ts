import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { json, path, ref } from '../openapi/route-shape';
import { gridPages } from '../grid-pages/grid-page';

/**
 * GET /api/v1/internal/grid-page/:grid (staff): one page of a staff grid (tables/projects,
 * tables/requests, tables/users-active, tables/users-inactive) with its filters, sort and window
 * in the query string. Read straight from the tables: a caller's change shows on their next page.
 */
export async function gridPageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Compiled per schema set: a reloaded set's layouts apply from its first request.
  const bySet = new WeakMap<object, ReturnType<typeof gridPages>>();
  const pagesNow = () => {
    let pages = bySet.get(ctx.schemas);
    if (!pages) bySet.set(ctx.schemas, (pages = gridPages(ctx.db, ctx.schemas)));
    return pages;
  };
  app.get<{ Params: { grid: string }; Querystring: Record<string, string | string[] | undefined> }>(
    '/api/v1/internal/grid-page/:grid',
    {
      config: { access: 'staff' },
      schema: {
        summary:
          'Staff: one page of a staff grid’s list (projects, requests, users-active, users-inactive) with the filters of its layout, a sort and a window; for lists too big to send whole (rules/lists.json).',
        checkedByHandler: { params: path({ grid: 'The grid: the name of its layout in schemas/tables/.' }) },
        querystring: ref('api/grid-page-query'),
        response: { 200: json('The window’s rows and the counts.', ref('api/grid-page')) },
      },
    },
    async (request, reply) => reply.type('application/json; charset=utf-8').send(await pagesNow().page(request.params.grid, request.query)),
  );
}
