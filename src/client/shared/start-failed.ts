/**
 * What a document shows when its code could not start (the schema set or a chunk did not load): a
 * line in both languages, since the texts may be what failed. The error is thrown on for the console.
 */
export function startFailed(error: unknown): never {
  const container = document.getElementById('root');
  if (container) container.textContent = 'Portal trenutno nije dostupan. / The portal is unavailable.';
  throw error;
}
