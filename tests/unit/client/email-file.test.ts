import { isEmail, parseEmailFile } from '../../../src/client/features/memberships/email-file';

describe('invitation e-mail file', () => {
  it('reads one address per line and skips empty lines', () => {
    expect(parseEmailFile('ana@fer.hr\n\nivan@pmf.hr\n')).toEqual({ emails: ['ana@fer.hr', 'ivan@pmf.hr'], invalidLines: [] });
  });

  it('accepts Windows line ends and surrounding whitespace', () => {
    expect(parseEmailFile('  ana@fer.hr \r\nivan@pmf.hr\r\n').emails).toEqual(['ana@fer.hr', 'ivan@pmf.hr']);
  });

  it('reports invalid lines and still loads the valid ones', () => {
    const result = parseEmailFile('ana@fer.hr\nnot an address\nivan@pmf.hr, marko@irb.hr\nmarija@irb.hr');
    expect(result.emails).toEqual(['ana@fer.hr', 'marija@irb.hr']);
    expect(result.invalidLines).toEqual(['not an address', 'ivan@pmf.hr, marko@irb.hr']);
  });

  it('loads an address given twice only once', () => {
    expect(parseEmailFile('ana@fer.hr\nana@fer.hr').emails).toEqual(['ana@fer.hr']);
  });

  it('refuses addresses with spaces, without @ or without a domain dot', () => {
    expect(['a b@fer.hr', 'ana.fer.hr', 'ana@fer', 'ana@@fer.hr'].map(isEmail)).toEqual([false, false, false, false]);
    expect(isEmail('ana.horvat+hpc@fer.unizg.hr')).toBe(true);
  });
});
