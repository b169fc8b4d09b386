jest.mock('../../../src/client/shared/schema-set', () => jest.requireActual('./support/shell-schema-set'));

import { registryStatusNeedsToast } from '../../../src/client/app/layout/use-registry-status-toast';

describe('the registry status toast', () => {
  it('shows for registry trouble other than not-found and unparsable answers', () => {
    expect(registryStatusNeedsToast({ code: 500, message: 'CroRIS timeout' })).toBe(true);
    expect(registryStatusNeedsToast({ code: 404, message: 'Ne postoji traženi resurs' })).toBe(false);
    expect(registryStatusNeedsToast({ code: 500, message: 'Could not parse JSON data from CroRIS' })).toBe(false);
    expect(registryStatusNeedsToast({ code: 200, message: 'OK' })).toBe(false);
    expect(registryStatusNeedsToast(undefined)).toBe(false);
  });
});
