import type { TFunction } from 'i18next';

/**
 * Reads a text someone typed, pasted or uploaded as JSON. A text that is not JSON gets a problem in
 * the reader's language saying where it stops being JSON (as the character's place, counted from 1),
 * where the engine's own message is English and its wording differs between browsers.
 */
export function readJson(text: string, t: TFunction): { value: unknown; problem?: undefined } | { problem: string } {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (error) {
    const position = /position (\d+)/.exec((error as Error).message)?.[1];
    return { problem: position === undefined ? t('rules.notJson') : t('rules.notJsonAt', { position: Number(position) + 1 }) };
  }
}
