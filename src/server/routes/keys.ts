import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { SshKeyDeleteBody, SshKeyNewBody } from '@generated';
import { currentUser } from '../plugins/auth';
import { addKey, deleteKey, keysOf, keysOfClusterUser } from '../keys/ssh-keys';
import { arrayOf, json, MESSAGE, path, ref } from '../openapi/route-shape';

/** GET/POST/DELETE /api/v1/internal/keys/ and the staff view GET keys/:person_username. */
export async function keyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;

  app.get(
    '/api/v1/internal/keys/',
    { schema: { summary: 'The caller’s public keys.', response: { 200: json('Oldest first.', arrayOf('entities/ssh-key')) } } },
    async (request) => keysOf(db, currentUser(request).id),
  );

  app.get<{ Params: { personUsername: string } }>(
    '/api/v1/internal/keys/:personUsername',
    {
      config: { access: 'staff' },
      schema: {
        summary: 'Staff: a user’s public keys, by cluster username.',
        checkedByHandler: { params: path({ personUsername: 'The user’s cluster username.' }) },
        response: { 200: json('Oldest first.', arrayOf('entities/ssh-key')) },
      },
    },
    async (request) => keysOfClusterUser(db, request.params.personUsername),
  );

  app.post<{ Body: SshKeyNewBody }>(
    '/api/v1/internal/keys/',
    {
      schema: {
        summary: 'Adds a public key (members of an active project only).',
        body: ref('api/ssh-key-new'),
        response: { 201: json('The key as stored.', ref('entities/ssh-key')) },
      },
    },
    async (request, reply) => reply.status(201).send(await addKey(ctx, currentUser(request), request.body)),
  );

  app.delete<{ Body: SshKeyDeleteBody }>(
    '/api/v1/internal/keys/',
    { schema: { summary: 'Deletes one of the caller’s keys by name.', body: ref('api/ssh-key-delete'), response: { 200: json('Deleted.', MESSAGE) } } },
    async (request) => deleteKey(db, currentUser(request), request.body.name),
  );
}
