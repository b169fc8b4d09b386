import type { FastifyInstance } from 'fastify';
import type { MailMuteBody, MailPreferencesBody } from '@generated';
import type { AppContext } from '../context';
import { currentUser } from '../plugins/auth';
import { mailPreferencesOf, saveMailPreferences, setProjectMute } from '../mail/preferences';
import { json, path, ref, type RouteShape } from '../openapi/route-shape';

/**
 * Mail preferences (docs/decisions/0200-mail-preferences.md): the caller's mail language and
 * routine-notice delivery (GET/PUT mail-preferences/), and a lead's mute of a project's routine
 * notices (PUT projects/:identifier/mail-mute).
 */
export async function mailPreferenceRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const answer = ref('api/mail-preferences-answer');
  const preferences: RouteShape = {
    summary: 'The caller’s mail language, how routine notices reach them and the projects whose routine notices they muted as lead.',
    response: { 200: json('The preferences.', answer) },
  };
  app.get('/api/v1/internal/mail-preferences/', { schema: preferences }, async (request) => mailPreferencesOf(ctx, currentUser(request).id));

  app.put<{ Body: MailPreferencesBody }>(
    '/api/v1/internal/mail-preferences/',
    {
      schema: {
        summary: 'Sets the caller’s mail language and whether routine notices (rules/mail.json) come at once or in a weekly digest.',
        body: ref('api/mail-preferences'),
        response: { 200: json('The preferences now.', answer) },
      },
    },
    async (request) => saveMailPreferences(ctx, currentUser(request), request.body),
  );

  app.put<{ Params: { identifier: string }; Body: MailMuteBody }>(
    '/api/v1/internal/projects/:identifier/mail-mute',
    {
      schema: {
        summary: 'A lead of the project mutes, or hears again, the routine notices about it that go to them.',
        checkedByHandler: { params: path({ identifier: 'The project identifier, URL-encoded.' }) },
        body: ref('api/mail-mute'),
        response: { 200: json('Whether they are muted now.', ref('api/mail-mute#/definitions/answer')) },
      },
    },
    async (request) => setProjectMute(ctx, currentUser(request), request.params.identifier, request.body.muted),
  );
}
