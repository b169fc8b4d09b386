import { clusterUsername } from '../../../src/server/users/cluster-username';

describe('cluster usernames', () => {
  it('takes the first letter of the first name and seven of the last, in ASCII', () => {
    expect(clusterUsername('Đuro', 'Šimunović', [])).toBe('dsimunov');
    expect(clusterUsername('Ana', 'Horvat', [])).toBe('ahorvat');
  });
  it('appends the count of names sharing the stem when taken', () => {
    expect(clusterUsername('Josip', 'Horvat', ['jhorvat'])).toBe('jhorvat1');
    expect(clusterUsername('Jure', 'Horvatić', ['jhorvati', 'jhorvat'])).toBe('jhorvati2');
  });
  it('keeps counting until the name is free', () => {
    expect(clusterUsername('Josip', 'Horvat', ['jhorvat', 'jhorvat2'])).toBe('jhorvat3');
    expect(clusterUsername('Josip', 'Horvat', ['jhorvat', 'jhorvat1'])).toBe('jhorvat2');
    expect(clusterUsername('Josip', 'Horvat', ['jhorvat', 'jhorvat2', 'jhorvat1'])).toBe('jhorvat3');
  });
});
