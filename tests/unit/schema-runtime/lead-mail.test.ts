import { leadMailOutcome } from '../../../src/schema-runtime/lead-mail';

const STATES = { approved: 'approve', denied: 'deny', extended: 'extend' };

describe('leadMailOutcome', () => {
  it('approving and denying mail the lead, from any state', () => {
    expect(leadMailOutcome('approve', 'submit', STATES)).toBe('approved');
    expect(leadMailOutcome('approve', 'approve', STATES)).toBe('approved');
    expect(leadMailOutcome('deny', 'submit', STATES)).toBe('denied');
  });

  it('an extension is mailed only when the project is newly extended', () => {
    expect(leadMailOutcome('extend', 'submit-extend', STATES)).toBe('extended');
    expect(leadMailOutcome('extend', 'extend', STATES)).toBeUndefined();
  });

  it('other states send nothing', () => {
    for (const target of ['submit', 'submit-extend', 'expire', 'close']) expect(leadMailOutcome(target, 'approve', STATES)).toBeUndefined();
  });
});
