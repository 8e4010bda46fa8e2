// CSV fields: quoting per RFC 4180, and the formula guard on text (never on numbers).
import { describe, expect, it } from 'vitest';
import { csvField, csvLine } from './csv-cells.js';

describe('csvField', () => {
  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvField('plain text')).toBe('plain text');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
  });

  it('prefixes text that a spreadsheet would run as a formula with a quote', () => {
    for (const text of ['=1+1', '+1', '-2', '@SUM(A1)', '\tx', '\rx'])
      expect(csvField(text).replace(/^"/, '')).toMatch(/^'/);
    expect(csvField('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvField('a=1')).toBe('a=1');
  });

  it('writes numbers, booleans and null as they are (a negative number is no formula)', () => {
    expect(csvField(-3.5)).toBe('-3.5');
    expect(csvField(0.86)).toBe('0.86');
    expect(csvField(true)).toBe('true');
    expect(csvField(null)).toBe('');
    expect(csvField('')).toBe('');
  });

  it('ends a line with CRLF', () => {
    expect(csvLine(['a', 1, null, 'b,c'])).toBe('a,1,,"b,c"\r\n');
  });
});
