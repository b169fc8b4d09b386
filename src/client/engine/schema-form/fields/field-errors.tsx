import type { ErrorSchema } from '@rjsf/utils';

/** The messages RJSF placed at one node of an error tree (`__errors`). */
export function errorsAt(errorSchema: ErrorSchema | undefined, ...path: (string | number)[]): string[] {
  let node: unknown = errorSchema;
  for (const key of path) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[String(key)] : undefined;
  const list = node && typeof node === 'object' ? (node as { __errors?: unknown }).__errors : undefined;
  return Array.isArray(list) ? (list as string[]) : [];
}

/** Validation messages under a field, in the place of the value they concern. */
export function FieldErrors({ messages }: { messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <div className="field-errors" role="alert">
      {[...new Set(messages)].map((message) => (
        <div key={message} className="ui pointing red basic label">
          {message}
        </div>
      ))}
    </div>
  );
}
