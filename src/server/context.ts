import type { SchemaSet } from '../schema-runtime';
import type { ServerConfig } from './config';
import type { DatabaseHandle } from './db/handle';
import type { UserRow } from './users/queries';
import type { ApiKeyInfo, ApiScope } from './api-keys/api-keys';
import type { LiveSchemas } from './schema-live/live-schemas';

/** What every route and service needs, built once by the app factory. */
export interface AppContext {
  db: DatabaseHandle;
  /** The schema set in use: read it when it is used, never keep it (it is replaced when `live` reloads). */
  schemas: SchemaSet;
  config: ServerConfig;
  /** The replaceable set behind `schemas`, in a process that watches its schema folder. */
  live?: LiveSchemas;
}

/** The signed-in user of a request and their session. */
export interface AuthContext {
  sessionId: string;
  csrfToken: string;
  saml2Idp: string | null;
  user: UserRow;
}

/**
 * Who may call a route: everyone, any signed-in user, staff and superusers only, or an external
 * caller with an API key holding the route's `scope` (no session ever satisfies that one).
 */
export type Access = 'public' | 'user' | 'staff' | 'api-key';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    /** The API key of an `api-key` route's caller. */
    apiKey: ApiKeyInfo | null;
  }
  interface FastifyContextConfig {
    access?: Access;
    /** The scope an `api-key` route needs. */
    scope?: ApiScope;
    /** A GET that changes data: refused when the browser marks the request cross-site. */
    refuseCrossSite?: boolean;
    /** A mutating call that a same-origin browser request may make without the CSRF token (login). */
    sameOriginInsteadOfCsrf?: boolean;
    /** false: the route never reads the session (static assets: public, and cached by the browser). */
    session?: boolean;
    /** false: a mutating route that carries its own proof instead of the CSRF header (the SAML endpoints). */
    csrf?: boolean;
  }
}

/** Staff and superusers are the admins of the portal. */
export function isAdmin(user: Pick<UserRow, 'is_staff' | 'is_superuser'>): boolean {
  return user.is_staff || user.is_superuser;
}
