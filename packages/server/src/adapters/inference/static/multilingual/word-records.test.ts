// The packing of the word table: fingerprints that collide, rows and languages at and past what fits, long words, and
// words files that are old, damaged or malformed (read as errors, never as a wrong table).
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { withoutAccents } from './accents.js';
import { LOAD, MAX_WORD_BYTES, NO_POSTINGS, recordLayout } from './word-records.js';
import { decodeWordTable, encodeWordTable } from './word-table-file.js';
import { WordTable, type WordTableLanguage } from './word-table.js';

/** 3,000 words of one to four UTF-8 bytes per character, rows 0…; and near misses of each. */
const words = Array.from(
  { length: 3000 },
  (_, i) => ['w', 'é', '日', '😀'][i % 4]!.repeat(1 + (i % 5)) + i.toString(36),
);
const vocab = Object.fromEntries(words.map((word, row) => [word, row]));
/** Every entry: the words and their unaccented forms (evidence). */
const entries = new Set([...words, ...words.map(withoutAccents)]);
const misses = words.flatMap((word) => [`${word}q`, word.slice(0, -1), `${word.toUpperCase()}!`]);
const map = new Map(Object.entries(vocab));

const language = (vocab: Record<string, number>, stems: Record<string, number> = {}): WordTableLanguage => ({
  vocab,
  stems,
  han: false,
});

describe('fingerprints in the slots', () => {
  it('find every word and none of its near misses however few fingerprint bits tell words apart', () => {
    for (const bits of [1, 2, 4, undefined]) {
      const table = WordTable.build(vocab, [], bits);
      if (bits !== undefined) expect(32 - table.parts.offsetBits).toBe(bits);
      expect(words.filter((word, row) => table.column(0).get(word) !== row)).toEqual([]);
      expect(misses.filter((word) => table.column(0).get(word) !== map.get(word))).toEqual([]);
      expect(misses.filter((word) => table.find(word) >= 0 !== entries.has(word))).toEqual([]);
    }
  });

  it('leave 1 − LOAD of the slots empty, in any number of slots (not a power of two)', () => {
    const table = WordTable.build(vocab, []);
    const { slots } = table.parts;
    expect(table.parts.entries).toBe(entries.size);
    expect(slots.length).toBe(Math.ceil(entries.size / LOAD));
    expect(slots.filter((slot) => slot !== 0).length).toBe(entries.size);
  });

  it('are read back from the words file as they were built', () => {
    const table = WordTable.build(vocab, [language({ [words[5]!]: 1 })]);
    const read = decodeWordTable(encodeWordTable({ table, sourceSha256: '00'.repeat(32), settings: '{}' })).table;
    expect(read.parts.slots).toEqual(table.parts.slots);
    expect(words.filter((word, row) => read.column(0).get(word) !== row)).toEqual([]);
    expect(read.column(1).get(words[5]!)).toBe(1);
  });
});

describe('the packing of rows, languages and words', () => {
  it('takes rows up to 2^rowBits − 1 and refuses larger, negative or fractional ones', () => {
    const thirteen = Array.from({ length: 13 }, () => language({}));
    expect(recordLayout(14)).toMatchObject({ columns: 27, rowBits: 26, evidenceBytes: 2 });
    const top = 2 ** 26 - 1;
    expect(WordTable.build({ a: top }, thirteen).column(0).get('a')).toBe(top);
    expect(WordTable.build({ a: top }, thirteen).maxRow()).toBe(top);
    expect(() => WordTable.build({ a: top + 1 }, thirteen)).toThrow(/row 67108864 of "a" does not fit 26 bits/);
    expect(() => WordTable.build({ a: -1 }, [])).toThrow(/does not fit/);
    expect(() => WordTable.build({}, [language({ a: 1.5 })])).toThrow(/does not fit/);
    expect(
      WordTable.build({ a: 2 ** 30 - 1 }, [])
        .column(0)
        .get('a'),
    ).toBe(2 ** 30 - 1);
  });

  it('tells every language apart in one, two, three or four bytes of evidence, and refuses a 32nd', () => {
    for (const others of [6, 7, 8, 15, 16, 23, 30]) {
      const languages = Array.from({ length: others }, (_, i) => language({ all: i + 1, [`only${i}`]: i }, { st: i }));
      const table = WordTable.build({ all: 0 }, languages);
      const all = 2 ** (others + 1) - 1;
      expect(table.evidenceBits('all')).toBe(all);
      expect(table.vocabBits('all')).toBe(all);
      expect(table.evidenceBits(`only${others - 1}`)).toBe(2 ** others);
      expect(table.evidenceBits('st')).toBe(all - 1);
      expect(table.column(others).get('all')).toBe(others);
      expect(table.column(others, true).get('st')).toBe(others - 1);
      expect(table.column(others).get('st')).toBeUndefined();
    }
    expect(() =>
      WordTable.build(
        {},
        Array.from({ length: 31 }, () => language({})),
      ),
    ).toThrow(/at most 30 languages/);
  });

  it('holds words with one- and two-byte headers up to MAX_WORD_BYTES, and refuses longer ones', () => {
    const long = ['x'.repeat(31), 'y'.repeat(32), '日'.repeat(1365), 'z'.repeat(MAX_WORD_BYTES)];
    const table = WordTable.build(Object.fromEntries(long.map((word, row) => [word, row])), []);
    expect(long.map((word) => table.column(0).get(word))).toEqual([0, 1, 2, 3]);
    expect(table.find('z'.repeat(MAX_WORD_BYTES - 1))).toBe(-1);
    expect(() => WordTable.build({ ['z'.repeat(MAX_WORD_BYTES + 1)]: 0 }, [])).toThrow(/over 4095 bytes/);
  });
});

describe('a words file', () => {
  const table = WordTable.build({ the: 1, café: 2 }, [language({ der: 3 }, { kund: 4 })]);
  const good = encodeWordTable({ table, sourceSha256: 'ab'.repeat(32), settings: '{"x":1}' });
  /** The file with its records changed by edit, the CRC-32 made right again (a malformation, not damage). */
  const edited = (edit: (records: Uint8Array, view: DataView) => void) => {
    const bytes = Uint8Array.from(good);
    const view = new DataView(bytes.buffer);
    const records = bytes.subarray(bytes.length - view.getUint32(52, true));
    edit(records, view);
    view.setUint32(56, crc32(records), true);
    return bytes;
  };

  it('of another version is refused (and so made again by the tokenizer file)', () => {
    const old = Uint8Array.from(good);
    new DataView(old.buffer).setUint32(4, 3, true);
    expect(() => decodeWordTable(old)).toThrow(/not a version 4 words file/);
  });

  it('with a damaged byte, a wrong length or malformed records is refused', () => {
    expect(
      decodeWordTable(edited(() => undefined))
        .table.column(1, true)
        .get('kund'),
    ).toBe(4);
    const damaged = Uint8Array.from(good);
    damaged[damaged.length - 3] = (damaged[damaged.length - 3] as number) ^ 1;
    expect(() => decodeWordTable(damaged)).toThrow(/damaged/);
    expect(() => decodeWordTable(good.subarray(0, good.length - 1))).toThrow(/truncated/);
    expect(() => decodeWordTable(edited((_, view) => view.setUint32(48, 6, true)))).toThrow(/fewer records/);
    expect(() => decodeWordTable(edited((_, view) => view.setUint32(48, 4, true)))).toThrow(/more records/);
    // the first record is "the": header 3 << 2 | DERIVED, three bytes, one posting (column 0, row 1, the last)
    expect([...table.parts.records.subarray(0, 8)]).toEqual([0x0f, 0x74, 0x68, 0x65, 1, 0, 0, 0x80]);
    const longWord = (records: Uint8Array) => records.set([0xff, 0x7f]); // 4,095 bytes, DERIVED
    expect(() => decodeWordTable(edited(longWord))).toThrow(/a word past the end/);
    expect(() => decodeWordTable(edited((records) => (records[0] = 0x0e)))).toThrow(/a record kind/);
    expect(() => decodeWordTable(edited((records) => (records[7] = 0x7f)))).toThrow(/a column/);
    expect(() => decodeWordTable(edited((records) => (records[7] = 0)))).toThrow(/a column|past the end/);
    // "cafe" (an unaccented form): no postings, one byte of evidence after its four
    const cafe = table.find('cafe');
    expect(table.parts.records[cafe]).toBe((4 << 2) | NO_POSTINGS);
    expect(() => decodeWordTable(edited((records) => (records[cafe + 5] = 0xff)))).toThrow(/evidence of no language/);
  });
});
