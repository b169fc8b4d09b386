import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppContext } from '../context';
import type { Database } from '../db/tables';
import type { SshKey, SshKeyDeleteBody, SshKeyNewBody } from '../../../generated';
import { ApiError, msg } from '../errors';
import { currentUser } from '../plugins/auth';
import { KeyRejected, parsePublicKey } from '../services/ssh-key-parse';
import { activeStateNames } from '../services/active-states';
import { mailKeyAdded } from '../services/projects/project-mails';
import { schemaIdOf } from '../../schema-runtime';

async function keysOf(db: Kysely<Database>, userId: number): Promise<SshKey[]> {
  const rows = await db
    .selectFrom('ssh_keys')
    .select(['name', 'fingerprint', 'public_key', 'date_created'])
    .where('user_id', '=', userId)
    .orderBy('date_created')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, date_created: new Date(r.date_created).toISOString() }));
}

/** GET/POST/DELETE /api/v1/internal/keys/ and the staff view GET keys/:person_username. */
export async function keyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, schemas } = ctx;

  app.get('/api/v1/internal/keys/', async (request) => keysOf(db, currentUser(request).id));

  app.get<{ Params: { personUsername: string } }>(
    '/api/v1/internal/keys/:personUsername',
    { config: { access: 'staff' } },
    async (request) => {
      const user = await db
        .selectFrom('users')
        .select('id')
        .where('person_username', '=', request.params.personUsername)
        .executeTakeFirst();
      if (!user) throw new ApiError('notFound', msg('userByClusterNameNotFound', { username: request.params.personUsername }));
      return keysOf(db, user.id);
    },
  );

  app.post<{ Body: SshKeyNewBody }>(
    '/api/v1/internal/keys/',
    { schema: { body: { $ref: schemaIdOf('api/ssh-key-new') } } },
    async (request, reply) => {
      const user = currentUser(request);
      const name = request.body.name.trim();
      let parsed;
      try {
        parsed = parsePublicKey(request.body.public_key);
      } catch (error) {
        if (error instanceof KeyRejected) throw new ApiError('validationFailed', msg(error.text, error.params));
        throw error;
      }
      const active = await db
        .selectFrom('memberships')
        .innerJoin('projects', 'projects.id', 'memberships.project_id')
        .innerJoin('states', 'states.id', 'projects.state_id')
        .select('projects.id')
        .where('memberships.user_id', '=', user.id)
        .where('states.name', 'in', activeStateNames(schemas))
        .executeTakeFirst();
      if (!active) throw new ApiError('forbidden', msg('keyNoActiveProject'));
      const clash = await db
        .selectFrom('ssh_keys')
        .select(['name', 'fingerprint'])
        .where('user_id', '=', user.id)
        .where((eb) => eb.or([eb('name', '=', name), eb('fingerprint', '=', parsed.fingerprint)]))
        .executeTakeFirst();
      if (clash?.name === name) throw new ApiError('conflict', msg('keyNameTaken'));
      if (clash) throw new ApiError('conflict', msg('keyAlreadyAdded', { name: clash.name }));
      const created = await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('ssh_keys')
          .values({ user_id: user.id, name, fingerprint: parsed.fingerprint, public_key: parsed.publicKey })
          .returning(['name', 'fingerprint', 'public_key', 'date_created'])
          .executeTakeFirstOrThrow();
        await mailKeyAdded(trx, schemas, { user, name, fingerprint: parsed.fingerprint });
        return row;
      });
      return reply.status(201).send({ ...created, date_created: new Date(created.date_created).toISOString() });
    },
  );

  app.delete<{ Body: SshKeyDeleteBody }>(
    '/api/v1/internal/keys/',
    { schema: { body: { $ref: schemaIdOf('api/ssh-key-delete') } } },
    async (request) => {
      const user = currentUser(request);
      const result = await db
        .deleteFrom('ssh_keys')
        .where('user_id', '=', user.id)
        .where('name', '=', request.body.name)
        .executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw new ApiError('notFound', msg('keyNotFound', { name: request.body.name }));
      return { status: { code: 200, message: `${request.body.name} successfully deleted` } };
    },
  );
}
