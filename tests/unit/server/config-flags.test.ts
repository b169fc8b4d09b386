import { readConfig } from '../../../src/server/config';

/** Switches in the environment: the usual spellings of yes and no, and a refusal for anything else. */
describe('readConfig: switches', () => {
  it.each(['1', 'true', 'TRUE', 'yes', 'On', ' on '])('reads %p as on', (value) => {
    expect(readConfig({ JOBS: value }).jobs).toBe(true);
    expect(readConfig({ ENABLE_ACCOUNTING: value }).enableAccounting).toBe(true);
  });

  it.each(['0', 'false', 'No', 'OFF'])('reads %p as off', (value) => {
    expect(readConfig({ JOBS: value }).jobs).toBe(false);
    expect(readConfig({ SCHEMAS_WATCH: value }).schemasWatch).toBe(false);
  });

  it('keeps the default when a switch is unset or empty', () => {
    expect(readConfig({}).jobs).toBe(true);
    expect(readConfig({ JOBS: '' }).jobs).toBe(true);
    expect(readConfig({ ENABLE_EDUGAIN: '' }).enableEdugain).toBe(true);
  });

  it.each(['flase', 'ture', 'disabled', 'y'])('refuses a mistyped %p and names the setting, rather than reading it as off', (value) => {
    expect(() => readConfig({ ENABLE_EDUGAIN: value })).toThrow(`ENABLE_EDUGAIN must be one of 1, true, yes, on, 0, false, no, off, got "${value}"`);
    expect(() => readConfig({ DEMO: value })).toThrow(/^DEMO must be one of/);
  });

  it('applies the retention rules unless RETENTION_APPLY holds them, and refuses a mistyped value', () => {
    expect(readConfig({}).retentionApply).toBe(true);
    expect(readConfig({ RETENTION_APPLY: 'false' }).retentionApply).toBe(false);
    expect(readConfig({ RETENTION_APPLY: 'on' }).retentionApply).toBe(true);
    expect(() => readConfig({ RETENTION_APPLY: 'hold' })).toThrow('RETENTION_APPLY must be one of 1, true, yes, on, 0, false, no, off, got "hold"');
  });

  it('runs the project lifecycle unless LIFECYCLE_APPLY holds it, and refuses a mistyped value', () => {
    expect(readConfig({}).lifecycleApply).toBe(true);
    expect(readConfig({ LIFECYCLE_APPLY: 'off' }).lifecycleApply).toBe(false);
    expect(() => readConfig({ LIFECYCLE_APPLY: 'later' })).toThrow('LIFECYCLE_APPLY must be one of 1, true, yes, on, 0, false, no, off, got "later"');
  });
});
