/** localStorage key of the remembered paths (spec point 2). */
export const REFERRER_KEY = 'referrer';

/**
 * The remembered paths after visiting `path`: appended, except that a full history (`size` entries)
 * starts over with just the current path. A repeated visit of the newest path changes nothing.
 */
export function nextReferrer(history: readonly string[], path: string, size: number): string[] {
  if (history[history.length - 1] === path) return [...history];
  if (history.length >= size) return [path];
  return [...history, path];
}

/** Parses the stored history, ignoring anything that is not a list of strings. */
export function parseReferrer(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}

export function readReferrer(storage: Storage = localStorage): string[] {
  return parseReferrer(storage.getItem(REFERRER_KEY));
}

export function rememberPath(path: string, size: number, storage: Storage = localStorage): void {
  storage.setItem(REFERRER_KEY, JSON.stringify(nextReferrer(readReferrer(storage), path, size)));
}

/** Forgets the history once it has been used for a landing, or at logout, so the next login starts clean. */
export function clearReferrer(storage: Storage = localStorage): void {
  storage.removeItem(REFERRER_KEY);
}
