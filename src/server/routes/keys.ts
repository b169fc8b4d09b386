import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { SshKeyDeleteBody, SshKeyNewBody } from '../../../generated';
import { currentUser } from '../plugins/auth';
import { addKey, deleteKey, keysOf, keysOfClusterUser } from '../services/ssh-keys';
import { schemaIdOf } from '../../schema-runtime';

/** GET/POST/DELETE /api/v1/internal/keys/ and the staff view GET keys/:person_username. */
export async function keyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;

  app.get('/api/v1/internal/keys/', async (request) => keysOf(db, currentUser(request).id));

  app.get<{ Params: { personUsername: string } }>(
    '/api/v1/internal/keys/:personUsername',
    { config: { access: 'staff' } },
    async (request) => keysOfClusterUser(db, request.params.personUsername),
  );

  app.post<{ Body: SshKeyNewBody }>(
    '/api/v1/internal/keys/',
    { schema: { body: { $ref: schemaIdOf('api/ssh-key-new') } } },
    async (request, reply) => reply.status(201).send(await addKey(ctx, currentUser(request), request.body)),
  );

  app.delete<{ Body: SshKeyDeleteBody }>(
    '/api/v1/internal/keys/',
    { schema: { body: { $ref: schemaIdOf('api/ssh-key-delete') } } },
    async (request) => deleteKey(db, currentUser(request), request.body.name),
  );
}
