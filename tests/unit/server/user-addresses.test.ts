import { addressesIn } from '../../../src/server/users/user-addresses';

describe('addressesIn', () => {
  it('splits person_mail on ; (and ,), adds the registry address, lower-cases and keeps each once', () => {
    expect(addressesIn('Ana.Horvat@FER.hr; ana@gmail.com,ana@gmail.com ', 'ana.horvat@fer.hr')).toEqual(['ana.horvat@fer.hr', 'ana@gmail.com']);
  });

  it('reads empty and missing columns as no address', () => {
    expect(addressesIn('', null, undefined, ' ; ')).toEqual([]);
  });
});
