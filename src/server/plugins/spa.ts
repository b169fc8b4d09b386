import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { localErrorBody, msg } from '../errors';
import { pageLanguage, requestLanguage } from '../i18n/language';
import { loginDocumentPreloads, pagePreloads, readPageFiles, type PageFiles } from '../page-preloads';
import { loginDocument, paths, UI_ROOT } from '@/schema-runtime/pages';
import { languageCookieName } from '@/schema-runtime';
import type { AppContext } from '../context';

/**
 * Serves the built single-page app: assets under /static/, every /ui path answered with
 * index.html (the client router decides) with preload hints for the page's files, except the login
 * page for a visitor without a session, which gets the login document's HTML; `/` redirected to
 * /ui/login, and unknown /api or /auth paths answered with a JSON 404.
 */
export async function registerSpa(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const dir = ctx.config.clientDir;
  const indexFile = join(dir, 'index.html');
  if (existsSync(dir)) {
    // Assets are public: the login page needs them before anyone signs in; no session is read for them.
    app.addHook('onRoute', (route) => {
      if (route.url.startsWith('/static/')) route.config = { ...route.config, access: 'public', session: false };
    });
    await app.register(fastifyStatic, {
      root: dir,
      prefix: '/static/',
      index: false,
      wildcard: true,
      immutable: true,
      maxAge: '365d',
      // The build writes .br and .gz copies; the smallest one the browser accepts is sent.
      preCompressed: true,
    });
  }
  const loginFile = join(dir, loginDocument.html);
  let cached: { html: string; loginHtml: string | null; files: PageFiles | null } | undefined;
  const built = () => {
    if (cached && ctx.config.production) return cached;
    cached = existsSync(indexFile)
      ? {
          html: readFileSync(indexFile, 'utf8'),
          // A build without it (older than the login document) serves the app, which shows the same card.
          loginHtml: existsSync(loginFile) ? readFileSync(loginFile, 'utf8') : null,
          files: readPageFiles(dir, (problem) => app.log.warn(problem)),
        }
      : undefined;
    return cached;
  };
  const languageOf = (request: import('fastify').FastifyRequest) =>
    requestLanguage(request.headers, languageCookieName(ctx.schemas.service.serviceKey));
  const serveIndex = async (request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => {
    const client = built();
    if (!client) return reply.status(503).send(localErrorBody('clientNotBuilt', languageOf(request)));
    const { service, constants } = ctx.schemas;
    const language = pageLanguage(request.headers, languageCookieName(service.serviceKey), constants.defaultLocale);
    const pathname = request.url.split('?')[0];
    const loginHtml = request.auth === null && pathname.replace(/\/$/, '') === loginDocument.page.href ? client.loginHtml : null;
    let hints = '';
    if (client.files) hints = loginHtml ? loginDocumentPreloads(client.files, language) : pagePreloads(client.files, pathname, language, request.auth !== null);
    const page = loginHtml ?? client.html;
    const html = hints ? page.replace('</head>', `${hints}</head>`) : page;
    return reply.header('cache-control', 'no-cache').header('vary', 'cookie').type('text/html; charset=utf-8').send(html);
  };
  app.get('/', { config: { access: 'public' } }, async (_request, reply) => reply.redirect(paths.login.href));
  app.get('/ui', { config: { access: 'public' } }, serveIndex);
  app.get('/ui/*', { config: { access: 'public' } }, serveIndex);
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0];
    if (request.method === 'GET' && !path.startsWith('/api') && !path.startsWith('/auth') && !path.startsWith('/static'))
      return reply.redirect(`${UI_ROOT}not-found`);
    return reply.status(404).send(localErrorBody('notFound', languageOf(request), msg('noSuchEndpoint', { method: request.method, path })));
  });
}
