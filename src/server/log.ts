/**
 * The logger a service writes to: the few methods it calls, which pino's and Fastify's loggers
 * both have, so that no service needs the web framework's types and a test can pass a recorder.
 */
export interface Log {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}
