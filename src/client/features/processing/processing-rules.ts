import type { ProjectChangeBody } from '@generated';
import { leadMailOutcome, type LeadMailOutcome } from '@/schema-runtime/lead-mail';

/**
 * The processing screen's rules (spec points 4 and 5, "Staff processing") as pure functions over
 * the vocabularies of rules/states.json and rules/resource-types.json and the change schema
 * (api/project-change.json), so they are unit-tested without a browser. What a target state needs
 * (a comment, a granted resource type) is the change schema's allOf, asked through a
 * {@link ChangeCheck}; it is not written here.
 */

/** Validates a change payload against api/project-change.json (for staff) and answers its issues. */
export type ChangeCheck = (payload: Record<string, unknown>) => readonly { path: string; key: string }[];

/** What the change schema asks of a move to `state`: a staff comment, a granted resource type. */
export function stateNeeds(check: ChangeCheck, state: string): { comment: boolean; resourceType: boolean } {
  const issues = check({ requestState: { [state]: true }, staff_resources_type: [] });
  return {
    comment: issues.some((i) => i.path === '/staff_comment'),
    resourceType: issues.some((i) => i.path === '/staff_resources_type'),
  };
}

/** A state as rules/states.json annotates it (only what the rules read). */
export interface StateEntry {
  value: string;
  staffOptions?: string[];
  isRequest?: boolean;
}

/** A resource type as rules/resource-types.json annotates it. */
export interface ResourceTypeEntry {
  value: string;
  defaultOnApprove?: boolean;
}

/**
 * The states whose choice has side effects on the screen. Named once and checked against the
 * vocabulary by {@link assertBehaviourStates}, like the server's state rules.
 */
export const BEHAVIOUR_STATES = { submitted: 'submit', approved: 'approve', denied: 'deny', extended: 'extend' } as const;

/** Throws when a state the rules name is missing from the vocabulary (a renamed state fails loudly). */
export function assertBehaviourStates(states: readonly StateEntry[]): void {
  for (const name of Object.values(BEHAVIOUR_STATES))
    if (!states.some((s) => s.value === name)) throw new Error(`rules/states has no state "${name}"`);
}

/** What staff set on the screen. */
export interface ProcessingForm {
  state: string;
  staffResourceTypes: string[];
  comment: string;
  emailSend: boolean;
}

/** The options of the state selector: the initial state's `staffOptions`. */
export function stateOptions(states: readonly StateEntry[], initial: string): string[] {
  return states.find((s) => s.value === initial)?.staffOptions ?? [initial];
}

/** The e-mail toggle is locked while approving (the lead is always told). */
export function emailLocked(form: ProcessingForm): boolean {
  return form.state === BEHAVIOUR_STATES.approved;
}

/** The comment is enabled only for a target state that needs one (denying). */
export function commentEnabled(form: ProcessingForm, check: ChangeCheck): boolean {
  return stateNeeds(check, form.state).comment;
}

/** The form when the screen opens: the project's state and granted types, no comment, no mail. */
export function initialForm(state: string, staffResourceTypes: readonly string[]): ProcessingForm {
  return { state, staffResourceTypes: [...staffResourceTypes], comment: '', emailSend: false };
}

/**
 * The form after staff pick `target` in the one-hot state selector:
 * - a state that needs a granted type: the `defaultOnApprove` type pre-filled when none is granted;
 * - approve: mail on (locked); mail off when the project was already approved;
 * - deny: mail on, comment enabled; a submitted request switched to deny loses its granted types;
 * - extend: mail on (the lead is told of the extension);
 * - any other state: mail off, comment cleared.
 */
export function selectState(
  form: ProcessingForm,
  target: string,
  initial: string,
  resourceTypes: readonly ResourceTypeEntry[],
  check: ChangeCheck,
): ProcessingForm {
  let next: ProcessingForm = { ...form, state: target };
  if (stateNeeds(check, target).resourceType && form.staffResourceTypes.length === 0)
    next = { ...next, staffResourceTypes: resourceTypes.filter((r) => r.defaultOnApprove).map((r) => r.value) };
  if (target === BEHAVIOUR_STATES.approved) return { ...next, emailSend: initial !== BEHAVIOUR_STATES.approved, comment: '' };
  if (target === BEHAVIOUR_STATES.denied) {
    return { ...next, emailSend: true, staffResourceTypes: initial === BEHAVIOUR_STATES.submitted ? [] : form.staffResourceTypes };
  }
  if (target === BEHAVIOUR_STATES.extended) return { ...next, emailSend: true, comment: '' };
  return { ...next, emailSend: false, comment: '' };
}

/**
 * What the lead is mailed when `form` is saved from `initial`, as the server decides it: nothing
 * unless the mail toggle is on; an approval or a denial; an extension only when newly extended.
 */
export function leadMail(form: ProcessingForm, initial: string): LeadMailOutcome | 'none' {
  if (!form.emailSend) return 'none';
  return leadMailOutcome(form.state, initial, BEHAVIOUR_STATES) ?? 'none';
}

/** Why the form cannot be sent, as an i18n key of `processing`, or null when it can. */
export type ProcessingProblem = 'approveNeedsType' | 'approveNeedsTypeProject' | 'denyNeedsComment';

/**
 * Checks the form before saving against the change schema: approving needs a granted resource type
 * (the project variant of the message in manage-project mode); denying needs a comment.
 */
export function processingProblem(form: ProcessingForm, projectMode: boolean, check: ChangeCheck): ProcessingProblem | null {
  const issues = check({
    requestState: { [form.state]: true },
    staff_resources_type: form.staffResourceTypes.map((value) => ({ label: value, value })),
    ...(commentEnabled(form, check) ? { staff_comment: form.comment } : {}),
  });
  if (issues.some((i) => i.key === 'approveNeedsType')) return projectMode ? 'approveNeedsTypeProject' : 'approveNeedsType';
  if (issues.some((i) => i.key === 'denyNeedsComment')) return 'denyNeedsComment';
  return null;
}

/** The change payload (schemas/api/project-change.json) for the form and any edited request fields. */
export function changePayload(identifier: string, form: ProcessingForm, edited: Record<string, unknown> | null, initial: string, check: ChangeCheck): ProjectChangeBody {
  // State and type names come from the vocabularies the selector and dropdown offer.
  return {
    ...(edited ?? {}),
    identifier,
    ...(form.state !== initial ? { requestState: { [form.state]: true } } : {}),
    staff_resources_type: form.staffResourceTypes.map((value) => ({ label: value, value })),
    ...(commentEnabled(form, check) ? { staff_comment: form.comment.trim() } : {}),
    staff_emailSend: form.emailSend,
  } as ProjectChangeBody;
}
