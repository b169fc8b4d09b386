import { createSchemaCatalog } from '../../../src/schema-runtime/schema-catalog';
import { createSchemaSet } from '../../../src/schema-runtime/schema-set';
import { loadSchemaFiles } from '../../../src/schema-runtime/node';
import {
  assertBehaviourStates,
  changePayload,
  commentEnabled,
  emailLocked,
  initialForm,
  processingProblem,
  selectState,
  leadMail,
  stateOptions,
  stateNeeds,
  type ChangeCheck,
  type ResourceTypeEntry,
  type StateEntry,
} from '../../../src/client/features/processing/processing-rules';

const catalog = createSchemaCatalog(loadSchemaFiles());
const staffSet = createSchemaSet(loadSchemaFiles(), { role: 'staff' });
const check: ChangeCheck = (payload) => staffSet.validate('api/project-change', payload).issues;
const states = catalog.vocabulary<StateEntry>('rules/states');
const types = catalog.vocabulary<ResourceTypeEntry>('rules/resource-types');
const defaultType = types.find((t) => t.defaultOnApprove)!.value;

describe('processing rules', () => {
  it('name only states the vocabulary has', () => {
    expect(() => assertBehaviourStates(states)).not.toThrow();
    expect(() => assertBehaviourStates([{ value: 'approve' }])).toThrow(/deny|submit/);
  });

  it('offer the initial state\'s staffOptions', () => {
    for (const s of states) expect(stateOptions(states, s.value)).toEqual(s.staffOptions);
  });

  it('approving pre-fills the default type, turns the mail on and locks it', () => {
    const form = selectState(initialForm('submit', []), 'approve', 'submit', types, check);
    expect(form.staffResourceTypes).toEqual([defaultType]);
    expect(form.emailSend).toBe(true);
    expect(emailLocked(form)).toBe(true);
    expect(selectState(initialForm('submit', ['GPU']), 'approve', 'submit', types, check).staffResourceTypes).toEqual(['GPU']);
  });

  it('approving an already approved project leaves the mail off', () => {
    expect(selectState(initialForm('approve', ['CPU']), 'approve', 'approve', types, check).emailSend).toBe(false);
  });

  it('denying a submitted request turns the mail on, enables the comment and clears the granted types', () => {
    const form = selectState(initialForm('submit', ['CPU']), 'deny', 'submit', types, check);
    expect(form).toMatchObject({ emailSend: true, staffResourceTypes: [] });
    expect(commentEnabled(form, check)).toBe(true);
    expect(commentEnabled(selectState(form, 'expire', 'submit', types, check), check)).toBe(false);
  });

  it('refuse approving without a granted type, in the request and the project wording', () => {
    const form = { ...selectState(initialForm('submit', []), 'approve', 'submit', types, check), staffResourceTypes: [] };
    expect(processingProblem(form, false, check)).toBe('approveNeedsType');
    expect(processingProblem(form, true, check)).toBe('approveNeedsTypeProject');
  });

  it('read what a state needs from the change schema: approve a granted type, deny a comment', () => {
    expect(stateNeeds(check, 'approve')).toEqual({ comment: false, resourceType: true });
    expect(stateNeeds(check, 'deny')).toEqual({ comment: true, resourceType: false });
    expect(stateNeeds(check, 'expire')).toEqual({ comment: false, resourceType: false });
  });

  it('refuse denying without a comment', () => {
    const form = selectState(initialForm('submit', []), 'deny', 'submit', types, check);
    expect(processingProblem(form, false, check)).toBe('denyNeedsComment');
    expect(processingProblem({ ...form, comment: 'Nema resursa.' }, false, check)).toBeNull();
  });

  it('build the change payload with the one-hot target state', () => {
    const form = { ...selectState(initialForm('submit', []), 'deny', 'submit', types, check), comment: ' Razlog ' };
    expect(changePayload('NRC-1', form, { name: 'Novi naziv' }, 'submit', check)).toEqual({
      name: 'Novi naziv',
      identifier: 'NRC-1',
      requestState: { deny: true },
      staff_resources_type: [],
      staff_comment: 'Razlog',
      staff_emailSend: true,
    });
  });

  it('says what the lead is mailed for each state, as the server sends it', () => {
    const pick = (target: string, initial: string) => leadMail(selectState(initialForm(initial, ['CPU']), target, initial, types, check), initial);
    expect(pick('approve', 'submit')).toBe('approved');
    expect(pick('deny', 'submit')).toBe('denied');
    expect(pick('expire', 'submit')).toBe('none');
    // Already approved: saving it again mails nobody; an extension is news only once.
    expect(pick('approve', 'approve')).toBe('none');
    expect(pick('extend', 'submit-extend')).toBe('extended');
    expect(pick('extend', 'extend')).toBe('none');
  });
});
