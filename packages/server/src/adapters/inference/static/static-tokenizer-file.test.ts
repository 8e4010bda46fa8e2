// tokenizer.words.bin: written beside a tokenizer.json, read back instead of the JSON, remade when the JSON changes.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_ENCODERS_DIR, STATIC_MULTI_ENCODER_ID } from '../registry/package-paths.js';
import { decodeWordTable, encodeWordTable } from './multilingual/word-table-file.js';
import { WordTable } from './multilingual/word-table.js';
import { compactTokenizerWords, readTokenizerFile, TOKENIZER_WORDS_FILE } from './static-tokenizer-file.js';
import { StaticWordTokenizer } from './static-tokenizer.js';
import { parseStaticTokenizerConfig } from './tokenizer-config.js';

const texts = [
  'Where is my parcel? It has not arrived yet.',
  'Ich möchte mein Geld zurück, die Rechnung ist falsch',
  'Kundenservicemitarbeiterin antwortet nicht',
  'Je voudrais annuler ma commande, s’il vous plaît',
  'por favor, la factura está mal',
  '荷物がまだ届きません',
  '我想退款，发票有问题',
  'Где мой заказ?',
  "I can't log in to my e-mail",
];

interface Json {
  vocab: Record<string, number>;
  languages: Record<string, { vocab: Record<string, number>; stems: Record<string, number> }>;
}
/** Every 20th word (and the words of the texts) of a table: the built-in tokenizer at a size a test builds quickly. */
const every20th = (table: Record<string, number>, keep: Set<string>) =>
  Object.fromEntries(Object.entries(table).filter(([word], i) => i % 20 === 0 || keep.has(word)));

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'textclass-words-'));
  const builtin = join(BUILTIN_ENCODERS_DIR, STATIC_MULTI_ENCODER_ID, 'tokenizer.json');
  const json = JSON.parse(await readFile(builtin, 'utf8')) as Json;
  const keep = new Set(
    texts
      .join(' ')
      .toLowerCase()
      .split(/[^\p{L}]+/u),
  );
  json.vocab = every20th(json.vocab, keep);
  for (const table of Object.values(json.languages)) {
    table.vocab = every20th(table.vocab, keep);
    table.stems = every20th(table.stems, keep);
  }
  await writeFile(join(dir, 'tokenizer.json'), JSON.stringify(json));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the words file of a tokenizer.json', () => {
  it('round-trips a table through its bytes', () => {
    const table = WordTable.build({ the: 1, café: 2 }, [{ vocab: { der: 3 }, stems: { kund: 4 }, han: false }]);
    const read = decodeWordTable(encodeWordTable({ table, sourceSha256: 'ab'.repeat(32), settings: '{"x":1}' }));
    expect(read.sourceSha256).toBe('ab'.repeat(32));
    expect(read.settings).toBe('{"x":1}');
    expect(read.table.column(1, true).get('kund')).toBe(4);
    expect(read.table.evidenceBits('cafe')).toBe(1);
    expect(() => decodeWordTable(new Uint8Array(10))).toThrow(/too short/);
  });

  it('is written on the first read, then read instead of the JSON, with the same tokens as the JSON gives', async () => {
    const path = join(dir, 'tokenizer.json');
    expect(await compactTokenizerWords(path)).toBe('written');
    expect(await compactTokenizerWords(path)).toBe('current');
    const fromJson = new StaticWordTokenizer(parseStaticTokenizerConfig(JSON.parse(await readFile(path, 'utf8'))));
    const fromFile = await readTokenizerFile(path);
    const tokenizer = new StaticWordTokenizer(fromFile.config, fromFile.table);
    expect(fromFile.config.vocab).toEqual({});
    expect(tokenizer.tableRows).toBe(fromJson.tableRows);
    for (const text of texts) {
      expect(tokenizer.route(text)).toBe(fromJson.route(text));
      expect([...tokenizer.encode(text)]).toEqual([...fromJson.encode(text)]);
    }
    expect((await readTokenizerFile(path)).table).toBe(fromFile.table);
  });

  it('is made again when the tokenizer.json changes, or when it is damaged', async () => {
    const path = join(dir, 'tokenizer.json');
    const json = JSON.parse(await readFile(path, 'utf8')) as Json;
    json.vocab.zzyzx = 1;
    await writeFile(path, JSON.stringify(json));
    expect(await compactTokenizerWords(path)).toBe('written');
    const { config, table } = await readTokenizerFile(path);
    expect(new StaticWordTokenizer(config, table).encode('zzyzx')).toEqual(Int32Array.from([1]));
    await writeFile(join(dir, TOKENIZER_WORDS_FILE), 'not a words file');
    expect(await compactTokenizerWords(path)).toBe('written');
  });

  it('is made again when it is of an older layout (version 3: parallel arrays), not misread', async () => {
    const path = join(dir, 'tokenizer.json');
    const wordsPath = join(dir, TOKENIZER_WORDS_FILE);
    expect(await compactTokenizerWords(path)).toBe('current');
    const current = await readFile(wordsPath);
    const old = Buffer.from(current);
    old.writeUInt32LE(3, 4);
    await writeFile(wordsPath, old);
    expect(await compactTokenizerWords(path)).toBe('written');
    expect((await readFile(wordsPath)).equals(current)).toBe(true);
  });
});
