import { BOM, csvText } from '../../../src/schema-runtime/csv-text';

describe('csvText', () => {
  it('writes the BOM, the header and one CRLF line per row, quoting as RFC 4180 asks', () => {
    const text = csvText(['Naziv', 'Opis'], [['Čvor, "novi"', 'dva\nretka'], ['Đakovo', '']]);
    expect(text.startsWith(BOM)).toBe(true);
    expect(text.slice(BOM.length)).toBe('Naziv,Opis\r\n"Čvor, ""novi""","dva\nretka"\r\nĐakovo,\r\n');
  });

  it('writes every cell a spreadsheet would run as a formula as text, headers included', () => {
    const text = csvText(['=SUM(A1:A2)'], [['=HYPERLINK("http://evil.example/","x")'], ['+1'], ['-2'], ['@cmd'], ['plain']]);
    const lines = text.slice(BOM.length).split('\r\n');
    expect(lines[0]).toBe("'=SUM(A1:A2)");
    expect(lines[1]).toBe('"\'=HYPERLINK(""http://evil.example/"",""x"")"');
    expect(lines.slice(2, 6)).toEqual(["'+1", "'-2", "'@cmd", 'plain']);
  });
});
