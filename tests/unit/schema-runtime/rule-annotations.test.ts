import { allowsExtension, extensionRequestState, isInstitutional, isRegistryBased, leadRoleName, registryRules, usernameMaxLength } from '../../../src/schema-runtime/rule-annotations';
import { createSchemaCatalog } from '../../../src/schema-runtime/schema-catalog';
import { edited, shipped } from './shipped-docs';

const catalog = createSchemaCatalog(shipped);
const states = catalog.vocabulary<{ leadOptions?: string[]; extensionRequest?: boolean }>('rules/states');
const roles = catalog.vocabulary<{ leads?: boolean }>('rules/roles');

describe('extensionRequestState', () => {
  it("is the state rules/states.json flags extensionRequest", () => {
    expect(extensionRequestState(states)).toBe('submit-extend');
  });

  it('refuses states with none or two flagged, saying how many', () => {
    expect(() => extensionRequestState(states.map((s) => ({ ...s, extensionRequest: false })))).toThrow(
      'rules/states must flag exactly one state extensionRequest (found 0)',
    );
    expect(() => extensionRequestState(states.map((s) => ({ ...s, extensionRequest: true })))).toThrow(/\(found 7\)$/);
  });
});

describe('allowsExtension', () => {
  it('allows it from a state whose leadOptions offer the extension request state, and from no other', () => {
    expect(allowsExtension(states, 'approve-expire')).toBe(true);
    for (const state of ['submit', 'approve', 'deny', 'expire', 'extend', 'submit-extend', 'unknown'])
      expect(allowsExtension(states, state)).toBe(false);
  });
});

describe('leadRoleName', () => {
  it('is the role rules/roles.json flags leads, and refuses none or two', () => {
    expect(leadRoleName(roles)).toBe('lead');
    expect(() => leadRoleName([{ value: 'lead' }, { value: 'collaborator' }])).toThrow('rules/roles must flag exactly one role leads (found 0)');
    expect(() => leadRoleName([{ value: 'a', leads: true }, { value: 'b', leads: true }])).toThrow(/\(found 2\)$/);
  });
});

describe('usernameMaxLength', () => {
  it('is the maxLength of rules/username.json, and refuses a schema without one', () => {
    expect(usernameMaxLength(catalog)).toBe(150);
    const docs = edited('rules/username', (d) => delete d.maxLength);
    expect(() => usernameMaxLength(createSchemaCatalog(docs))).toThrow('rules/username has no maxLength');
  });
});

describe('registryRules', () => {
  it('reads the grace days and the registry’s not-found text, and refuses a schema lacking one', () => {
    expect(registryRules(catalog)).toEqual({ graceDays: 180, notFoundText: 'Ne postoji traženi resurs' });
    const docs = edited('rules/registry', (d) => (d.properties.graceDays.const = '180'));
    expect(() => registryRules(createSchemaCatalog(docs))).toThrow('rules/registry needs graceDays and notFoundText');
  });
});

describe('isRegistryBased and isInstitutional', () => {
  it('read the flags of rules/project-types.json, for the server and the client alike', () => {
    expect(isRegistryBased(catalog, 'research-croris')).toBe(true);
    expect(isRegistryBased(catalog, 'research-institutional')).toBe(false);
    expect(isInstitutional(catalog, 'research-institutional')).toBe(true);
    expect(isInstitutional(catalog, 'thesis')).toBe(false);
  });

  it('follow an edited set, and know no type they are not given', () => {
    const flipped = createSchemaCatalog(
      edited('rules/project-types', (doc) => {
        const thesis = doc.oneOf.find((t: { const: string }) => t.const === 'thesis');
        thesis.registryBased = true;
      }),
    );
    expect(isRegistryBased(flipped, 'thesis')).toBe(true);
    expect(isRegistryBased(catalog, 'no-such-type')).toBe(false);
    expect(isInstitutional(catalog, 'no-such-type')).toBe(false);
  });
});
