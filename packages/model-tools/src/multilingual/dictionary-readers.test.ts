// The dictionary readers on small files in each format: dictd (FreeDict), EDICT lines, CC-CEDICT rows.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { cedictEntry } from './cedict.js';
import { decodeDictdNumber, readDictd } from './dictd.js';
import { parseEdictLine } from './edict.js';
import { parseFreedictEntry } from './freedict-entry.js';

const dir = mkdtempSync(join(tmpdir(), 'dictd-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const encode = (n: number) => {
  let s = '';
  do {
    s = B64[n % 64] + s;
    n = Math.floor(n / 64);
  } while (n > 0);
  return s;
};

describe('dictd', () => {
  it('decodes base64 index numbers', () => {
    expect(decodeDictdNumber('A')).toBe(0);
    expect(decodeDictdNumber('B0')).toBe(64 + 52);
    expect(() => decodeDictdNumber('*')).toThrow(/bad number/);
  });

  it('reads entries through the index, once per body, without the database meta entries', async () => {
    const bodies = ['00-database-info\nabout\n', 'Haus /haʊs/ <n>\nhouse\nhome\n', 'Häuser <pl>\nhouses\n'];
    const text = bodies.join('');
    const offsets = bodies.map((_, i) => Buffer.byteLength(bodies.slice(0, i).join('')));
    const index = [
      `00-database-info\t${encode(offsets[0]!)}\t${encode(Buffer.byteLength(bodies[0]!))}`,
      `haus\t${encode(offsets[1]!)}\t${encode(Buffer.byteLength(bodies[1]!))}`,
      `Haus\t${encode(offsets[1]!)}\t${encode(Buffer.byteLength(bodies[1]!))}`,
      `häuser\t${encode(offsets[2]!)}\t${encode(Buffer.byteLength(bodies[2]!))}`,
    ].join('\n');
    writeFileSync(join(dir, 'x.index'), index);
    writeFileSync(join(dir, 'x.dict.dz'), gzipSync(Buffer.from(text)));
    const entries = await readDictd(join(dir, 'x'));
    expect(entries.map((e) => e.headword)).toEqual(['haus', 'häuser']);
    expect(entries[1]?.body).toBe(bodies[2]);
  });
});

describe('FreeDict entries', () => {
  it('takes numbered senses and comma lists, drops tags, notes and long definitions', () => {
    const body =
      'Zahlung /ˈtsaːlʊŋ/ <fem, n, sg>\n1. payment <n>\n2. settlement, remittance [fin.]\n' +
      '   Note: not a translation\n see: {Zahlungen}\nnachgestelltes Wortbildungselement für Berufe deren Grundlage Messungen sind\n';
    expect(parseFreedictEntry(body)).toEqual({
      headwords: ['zahlung'],
      translations: ['payment', 'settlement', 'remittance'],
    });
  });
});

describe('EDICT and CC-CEDICT', () => {
  it('parses an EDICT line with its reading, tags and the common-word mark', () => {
    expect(parseEdictLine('忘れる [わすれる] /(v1,vt) (1) to forget/(2) to leave behind/(P)/')).toEqual({
      headwords: ['忘れる', 'わすれる'],
      translations: ['to forget', 'to leave behind'],
      common: true,
    });
    expect(parseEdictLine('　？？？ /EDICT header/')).toBeUndefined();
  });

  it('reads a CC-CEDICT row with one gloss string or a list of senses', () => {
    expect(cedictEntry(['發票', '发票', 'fa1 piao4', 'invoice; receipt (CL:張|张[zhang1])'])).toEqual({
      headwords: ['发票', '發票'],
      translations: ['invoice', 'receipt'],
    });
    expect(cedictEntry(['好', '好', 'hao3', ['good', 'well']])?.translations).toEqual(['good', 'well']);
  });
});
