import { landingPath, type LandingInput } from '../../../src/client/shared/landing';

const nobody: LandingInput = {
  invitation: null,
  referrer: [],
  isStaffOrSuperuser: false,
  accountingEnabled: false,
  isLead: false,
};

describe('post-login landing', () => {
  it('returns to a stored invitation before anything else', () => {
    expect(landingPath({ ...nobody, invitation: { key: 'abc', english: false }, referrer: ['/ui/my-info'], isStaffOrSuperuser: true })).toBe(
      '/ui/login-email/abc',
    );
  });

  it('keeps the English variant of a stored invitation', () => {
    expect(landingPath({ ...nobody, invitation: { key: 'abc', english: true } })).toBe('/ui/login-email/abc/en');
  });

  it('returns to the most recent remembered page', () => {
    expect(landingPath({ ...nobody, referrer: ['/ui/memberships', '/ui/my-info'], isStaffOrSuperuser: true })).toBe('/ui/my-info');
  });

  it('skips remembered pages the user may not open', () => {
    const mayOpen = (path: string) => path !== '/ui/software';
    expect(landingPath({ ...nobody, referrer: ['/ui/my-info', '/ui/software'], mayOpen })).toBe('/ui/my-info');
    expect(landingPath({ ...nobody, referrer: ['/ui/software'], mayOpen })).toBe('/ui/my-requests');
  });

  it('may return to an extension request', () => {
    expect(landingPath({ ...nobody, referrer: ['/ui/my-requests/extend/12'] })).toBe('/ui/my-requests/extend/12');
  });

  it('never returns to the login page or other public pages', () => {
    expect(landingPath({ ...nobody, referrer: ['/ui/login', '/ui/login-priv', '/ui/saml2-error/x'] })).toBe('/ui/my-requests');
    expect(landingPath({ ...nobody, referrer: ['/ui/my-info', '/ui/login'] })).toBe('/ui/my-info');
  });

  it('sends staff and superusers to requests', () => {
    expect(landingPath({ ...nobody, isStaffOrSuperuser: true, accountingEnabled: true, isLead: true })).toBe('/ui/requests');
  });

  it('sends leads to project accounting when accounting is enabled', () => {
    expect(landingPath({ ...nobody, accountingEnabled: true, isLead: true })).toBe('/ui/project-accounting');
  });

  it('sends other users to their own accounting when accounting is enabled', () => {
    expect(landingPath({ ...nobody, accountingEnabled: true })).toBe('/ui/my-accounting');
    expect(landingPath({ ...nobody, accountingEnabled: true, hasProjects: true })).toBe('/ui/my-accounting');
  });

  it('sends a user in no project yet to my requests, where the first steps are, even with accounting', () => {
    expect(landingPath({ ...nobody, accountingEnabled: true, hasProjects: false })).toBe('/ui/my-requests');
  });

  it('sends everyone else to my requests', () => {
    expect(landingPath({ ...nobody, isLead: true })).toBe('/ui/my-requests');
  });
});
