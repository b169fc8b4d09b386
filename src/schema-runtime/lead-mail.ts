/** The mail a processing save sends the project's lead, when staff leave the mail toggle on. */
export type LeadMailOutcome = 'approved' | 'denied' | 'extended';

/**
 * Which mail saving a project in `target` (from `current`) sends the lead: an approval, a denial,
 * an extension only when the project is newly extended, else none. The server sends by it and the
 * processing screen says by it what the lead will receive, so the two cannot disagree. `states`
 * are the state names with that behaviour (each side checks its names against rules/states.json).
 */
export function leadMailOutcome(
  target: string,
  current: string,
  states: { approved: string; denied: string; extended: string },
): LeadMailOutcome | undefined {
  if (target === states.approved) return 'approved';
  if (target === states.denied) return 'denied';
  if (target === states.extended && current !== states.extended) return 'extended';
  return undefined;
}
