import { findValues, missingAttributes, readAttributes, EDUGAIN_REQUIRED } from '../../../src/server/saml/attributes';
import { foldName } from '../../../src/server/saml/federated-users';
import { afterLogin } from '../../../src/server/saml/acs';

describe('SAML attributes', () => {
  it('takes the first value of each attribute and names OID attributes by their friendly names', () => {
    expect(
      readAttributes({
        'urn:oid:1.3.6.1.4.1.5923.1.1.1.6': ['jane@uni.example', 'other@uni.example'],
        'urn:oid:2.5.4.42': 'Jane',
        hrEduPersonOIB: ['12345678903'],
        sn: ['  '],
      }),
    ).toEqual({ eduPersonPrincipalName: 'jane@uni.example', givenName: 'Jane', hrEduPersonOIB: '12345678903' });
  });

  it('lists the missing required attributes in their fixed order, blank values counting as missing', () => {
    expect(missingAttributes(readAttributes({ givenName: 'A', sn: ' ' }), EDUGAIN_REQUIRED)).toEqual(['eduPersonPrincipalName', 'sn', 'mail']);
    expect(missingAttributes({ eduPersonPrincipalName: 'a@b', givenName: 'A', sn: 'B', mail: 'a@b' }, EDUGAIN_REQUIRED)).toEqual([]);
  });

  it('finds the authenticating authorities anywhere in a parsed assertion, with or without a prefix', () => {
    const assertion = {
      Assertion: {
        AuthnStatement: [{ AuthnContext: [{ 'saml:AuthenticatingAuthority': [{ _: 'https://login.aaiedu.hr/idp' }, 'https://proxy.example'] }] }],
      },
    };
    expect(findValues(assertion, 'AuthenticatingAuthority')).toEqual(['https://login.aaiedu.hr/idp', 'https://proxy.example']);
    expect(findValues(assertion, 'Missing')).toEqual([]);
  });
});

describe('the eduGAIN duplicate-name guard folds names', () => {
  it.each([
    ['Ivan', 'Kovačević', 'ivan kovacevic'],
    ['ĐURĐA', 'Šimić  Žužić', 'durda simic zuzic'],
    ['  Jane ', 'Doe', 'jane doe'],
    ['Zoë', 'Müller', 'zoe muller'],
  ])('%s %s → %s', (first, last, folded) => expect(foldName(first, last)).toBe(folded));
});

describe('where a login returns', () => {
  it.each([
    ['/ui/memberships', '/ui/memberships'],
    ['/ui/my-requests/extend/12', '/ui/my-requests/extend/12'],
    ['', '/ui/saml2-login-redirect'],
    ['https://evil.example/ui/x', '/ui/saml2-login-redirect'],
    ['//evil.example/ui/x', '/ui/saml2-login-redirect'],
    ['/ui//evil.example', '/ui/saml2-login-redirect'],
    ['/api/v1/internal/users', '/ui/saml2-login-redirect'],
    [undefined, '/ui/saml2-login-redirect'],
  ])('RelayState %p → %s', (relay, target) => expect(afterLogin(relay)).toBe(target));
});
