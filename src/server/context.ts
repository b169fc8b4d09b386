import type { Kysely } from 'kysely';
import type { SchemaSet } from '../schema-runtime';
import type { ServerConfig } from './config';
import type { Database, UserRow } from './db/tables';

/** What every route and service needs, built once by the app factory. */
export interface AppContext {
  db: Kysely<Database>;
  schemas: SchemaSet;
  config: ServerConfig;
}

/** The signed-in user of a request and their session. */
export interface AuthContext {
  sessionId: string;
  csrfToken: string;
  saml2Idp: string | null;
  user: UserRow;
}

/** Who may call a route: everyone, any signed-in user, or staff and superusers only. */
export type Access = 'public' | 'user' | 'staff';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    access?: Access;
    /** false: a mutating route that carries its own proof instead of the CSRF header (the SAML endpoints). */
    csrf?: boolean;
  }
}

/** Staff and superusers are the admins of the portal. */
export function isAdmin(user: Pick<UserRow, 'is_staff' | 'is_superuser'>): boolean {
  return user.is_staff || user.is_superuser;
}
