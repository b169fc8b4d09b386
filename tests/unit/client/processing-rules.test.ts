import { createSchemaCatalog } from '../../../src/schema-runtime/schema-catalog';
import { loadSchemaFiles } from '../../../src/schema-runtime/node';
import {
  assertBehaviourStates,
  changePayload,
  commentEnabled,
  emailLocked,
  initialForm,
  processingProblem,
  selectState,
  stateOptions,
  type ResourceTypeEntry,
  type StateEntry,
} from '../../../src/client/features/processing/processing-rules';

const catalog = createSchemaCatalog(loadSchemaFiles());
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
    const form = selectState(initialForm('submit', []), 'approve', 'submit', types);
    expect(form.staffResourceTypes).toEqual([defaultType]);
    expect(form.emailSend).toBe(true);
    expect(emailLocked(form)).toBe(true);
    expect(selectState(initialForm('submit', ['GPU']), 'approve', 'submit', types).staffResourceTypes).toEqual(['GPU']);
  });

  it('approving an already approved project leaves the mail off', () => {
    expect(selectState(initialForm('approve', ['CPU']), 'approve', 'approve', types).emailSend).toBe(false);
  });

  it('denying a submitted request turns the mail on, enables the comment and clears the granted types', () => {
    const form = selectState(initialForm('submit', ['CPU']), 'deny', 'submit', types);
    expect(form).toMatchObject({ emailSend: true, staffResourceTypes: [] });
    expect(commentEnabled(form)).toBe(true);
    expect(commentEnabled(selectState(form, 'expire', 'submit', types))).toBe(false);
  });

  it('refuse approving without a granted type, in the request and the project wording', () => {
    const form = { ...selectState(initialForm('submit', []), 'approve', 'submit', types), staffResourceTypes: [] };
    expect(processingProblem(form, false)).toBe('approveNeedsType');
    expect(processingProblem(form, true)).toBe('approveNeedsTypeProject');
  });

  it('refuse denying without a comment', () => {
    const form = selectState(initialForm('submit', []), 'deny', 'submit', types);
    expect(processingProblem(form, false)).toBe('denyNeedsComment');
    expect(processingProblem({ ...form, comment: 'Nema resursa.' }, false)).toBeNull();
  });

  it('build the change payload with the one-hot target state', () => {
    const form = { ...selectState(initialForm('submit', []), 'deny', 'submit', types), comment: ' Razlog ' };
    expect(changePayload('NRC-1', form, { name: 'Novi naziv' }, 'submit')).toEqual({
      name: 'Novi naziv',
      identifier: 'NRC-1',
      requestState: { deny: true },
      staff_resources_type: [],
      staff_comment: 'Razlog',
      staff_emailSend: true,
    });
  });
});
