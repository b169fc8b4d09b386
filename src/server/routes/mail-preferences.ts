import type { FastifyInstance } from 'fastify';
import type { MailMuteBody, MailPreferencesBody } from '../../../generated';
import type { AppContext } from '../context';
import { currentUser } from '../plugins/auth';
import { mailPreferencesOf, saveMailPreferences, setProjectMute } from '../services/mail/preferences';
import { schemaIdOf } from '../../schema-runtime';

/**
 * Mail preferences (docs/decisions/0200-mail-preferences.md): the caller's mail language and
 * routine-notice delivery (GET/PUT mail-preferences/), and a lead's mute of a project's routine
 * notices (PUT projects/:identifier/mail-mute).
 */
export async function mailPreferenceRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/v1/internal/mail-preferences/', async (request) => mailPreferencesOf(ctx, currentUser(request).id));

  app.put<{ Body: MailPreferencesBody }>(
    '/api/v1/internal/mail-preferences/',
    { schema: { body: { $ref: schemaIdOf('api/mail-preferences') } } },
    async (request) => saveMailPreferences(ctx, currentUser(request), request.body),
  );

  app.put<{ Params: { identifier: string }; Body: MailMuteBody }>(
    '/api/v1/internal/projects/:identifier/mail-mute',
    { schema: { body: { $ref: schemaIdOf('api/mail-mute') } } },
    async (request) => setProjectMute(ctx, currentUser(request), request.params.identifier, request.body.muted),
  );
}
