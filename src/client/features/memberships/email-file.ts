/** One address, no spaces, a dot in the domain: what a line of an invitation file must hold. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** True when the text is exactly one e-mail address. */
export function isEmail(text: string): boolean {
  return EMAIL.test(text);
}

/** What an e-mail file gave: the valid addresses (in file order, once each) and the lines that were not one. */
export interface EmailFileResult {
  emails: string[];
  invalidLines: string[];
}

/**
 * Reads an invitation file: one address per non-empty line (spec point 5, "Collaborators").
 * Surrounding whitespace and Windows line ends are ignored; a line with anything else beside the
 * address is invalid. Valid addresses are kept even when other lines are invalid.
 */
export function parseEmailFile(text: string): EmailFileResult {
  const emails: string[] = [];
  const invalidLines: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    if (!isEmail(line)) invalidLines.push(line);
    else if (!emails.includes(line)) emails.push(line);
  }
  return { emails, invalidLines };
}
