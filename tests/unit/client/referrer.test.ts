import { nextReferrer, parseReferrer } from '../../../src/client/shared/referrer';

describe('referrer memory', () => {
  it('appends visited paths', () => {
    expect(nextReferrer(['/ui/a'], '/ui/b', 3)).toEqual(['/ui/a', '/ui/b']);
  });

  it('resets to the current path when it holds 3 paths', () => {
    expect(nextReferrer(['/ui/a', '/ui/b', '/ui/c'], '/ui/d', 3)).toEqual(['/ui/d']);
  });

  it('does not record the same page twice in a row', () => {
    expect(nextReferrer(['/ui/a'], '/ui/a', 3)).toEqual(['/ui/a']);
  });

  it('treats unreadable storage as empty', () => {
    expect(parseReferrer('not json')).toEqual([]);
    expect(parseReferrer('{"a":1}')).toEqual([]);
    expect(parseReferrer(null)).toEqual([]);
    expect(parseReferrer('["/ui/a", 3]')).toEqual(['/ui/a']);
  });
});
