// Unit tests of the example-file reader: quoted CSV, line numbers of errors, JSON Lines, the column mapping.
import { describe, expect, it } from 'vitest';
import { mapExamples, parseCsv, parseExampleFile, parseJsonLines } from './example-file.js';

describe('example files', () => {
  it('reads quoted CSV fields with commas, doubled quotes and line breaks, keeping each record its first line', () => {
    const file = parseCsv('text,label\n"Charged twice, ""again"".\nPlease refund",billing\nWhere is it?,shipping\n');
    expect(file.columns).toEqual(['text', 'label']);
    expect(file.rows.map((row) => [row.line, row.values.get('text'), row.values.get('label')])).toEqual([
      [2, 'Charged twice, "again".\nPlease refund', 'billing'],
      [4, 'Where is it?', 'shipping'],
    ]);
    expect(file.errors).toEqual([]);
  });

  it('names the line of a row with the wrong number of fields and of an unclosed quote', () => {
    expect(parseCsv('text,label\na,b,c\nok,x').errors).toEqual([
      { line: 2, message: '3 fields where the header has 2' },
    ]);
    expect(parseCsv('text,label\n"open,x').errors[0]).toMatchObject({ line: 2 });
  });

  it('reads JSON Lines and reports lines that are not objects', () => {
    const file = parseJsonLines('{"text":"a","label":"x"}\nnot json\n[1]\n{"text":"b","labels":["x","y"]}');
    expect(file.columns).toEqual(['text', 'label', 'labels']);
    expect(file.errors.map((error) => error.line)).toEqual([2, 3]);
    expect(file.rows[1]?.values.get('labels')).toBe('x|y');
    expect(parseExampleFile('data.jsonl', '{"a":"b"}').columns).toEqual(['a']);
  });

  it('maps columns to examples and lists the rows that cannot be examples by line', () => {
    const file = parseCsv('body,topic\nhello,greet\n,greet\nbye,unknown\nyo,\n');
    const { examples, errors } = mapExamples(file, 'body', 'topic', ['greet', 'leave'], false);
    expect(examples).toEqual([{ text: 'hello', label: 'greet' }]);
    expect(errors.map((error) => error.line)).toEqual([3, 4, 5]);
    const multi = mapExamples(parseCsv('t,l\nboth,greet|leave\n'), 't', 'l', ['greet', 'leave'], true);
    expect(multi.examples).toEqual([{ text: 'both', labels: ['greet', 'leave'] }]);
  });
});
