// The binary form of a WordTable (tokenizer.words.bin): a header, the tokenizer's other settings as JSON, the arrays
// (not the hashes and slots: random bytes that compress badly and take ~0.1 s to compute again).
import { hashWords, WordTable, type WordTableParts } from './word-table.js';

const MAGIC = 0x54574354; // "TCWT" read as a little-endian u32
/** 3: words in UTF-8 (2: UTF-16). */
const VERSION = 3;
/** magic, version, languages, settings bytes, 32 bytes of source checksum, 6 array lengths. */
const HEADER_BYTES = 4 * 4 + 32 + 6 * 4;
const ARRAYS = [
  ['chars', Uint8Array],
  ['offsets', Uint32Array],
  ['postingStart', Uint32Array],
  ['postingColumn', Uint8Array],
  ['postingRow', Int32Array],
  ['evidence', Uint32Array],
] as const;

const align4 = (n: number) => (n + 3) & ~3;
const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** What a words file holds besides the table: the checksum of the tokenizer.json it was made from, and its settings. */
export interface WordTableFile {
  table: WordTable;
  /** SHA-256 of the source tokenizer.json (hex). */
  sourceSha256: string;
  /** The tokenizer.json's settings without its word objects (JSON). */
  settings: string;
}

/** The file's bytes (host byte order; every machine this runs on is little-endian, and decode checks). */
export function encodeWordTable(file: WordTableFile): Buffer {
  if (!littleEndian) throw new Error('tokenizer words: big-endian hosts are not supported');
  const settings = Buffer.from(file.settings, 'utf8');
  const parts = file.table.parts;
  let size = HEADER_BYTES + align4(settings.length);
  for (const [name] of ARRAYS) size += align4(parts[name].byteLength);
  const out = Buffer.alloc(size);
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, VERSION, true);
  view.setUint32(8, parts.languages, true);
  view.setUint32(12, settings.length, true);
  Buffer.from(file.sourceSha256, 'hex').copy(out, 16);
  ARRAYS.forEach(([name], i) => view.setUint32(48 + 4 * i, parts[name].length, true));
  settings.copy(out, HEADER_BYTES);
  let at = HEADER_BYTES + align4(settings.length);
  for (const [name] of ARRAYS) {
    const array = parts[name];
    out.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), at);
    at += align4(array.byteLength);
  }
  return out;
}

/** Reads a words file; the arrays are views of bytes (copied once when not 4-byte aligned). Throws when malformed. */
export function decodeWordTable(bytes: Uint8Array): WordTableFile {
  if (!littleEndian) throw new Error('tokenizer words: big-endian hosts are not supported');
  const data = bytes.byteOffset % 4 === 0 ? bytes : new Uint8Array(bytes);
  if (data.byteLength < HEADER_BYTES) throw new Error('tokenizer words: file too short');
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (view.getUint32(0, true) !== MAGIC || view.getUint32(4, true) !== VERSION)
    throw new Error(`tokenizer words: not a version ${VERSION} words file`);
  const settingsLength = view.getUint32(12, true);
  let at = HEADER_BYTES + align4(settingsLength);
  const arrays: Record<string, ArrayLike<number>> = {};
  ARRAYS.forEach(([name, Type], i) => {
    const length = view.getUint32(48 + 4 * i, true);
    const bytesLength = length * Type.BYTES_PER_ELEMENT;
    if (at + bytesLength > data.byteLength) throw new Error('tokenizer words: file truncated');
    arrays[name] = new Type(data.buffer as ArrayBuffer, data.byteOffset + at, length);
    at += align4(bytesLength);
  });
  const read = { languages: view.getUint32(8, true), ...arrays } as Omit<WordTableParts, 'hashes' | 'slots'>;
  const entries = read.offsets.length - 1;
  if (
    entries < 0 ||
    read.evidence.length !== entries ||
    read.postingStart.length !== entries + 1 ||
    read.postingColumn.length !== read.postingRow.length ||
    (read.offsets[entries] as number) > read.chars.length ||
    (read.postingStart[entries] as number) > read.postingRow.length
  )
    throw new Error('tokenizer words: inconsistent array lengths');
  return {
    table: new WordTable({ ...read, ...hashWords(read.chars, read.offsets) }),
    sourceSha256: Buffer.from(data.buffer, data.byteOffset + 16, 32).toString('hex'),
    settings: Buffer.from(data.buffer, data.byteOffset + HEADER_BYTES, settingsLength).toString('utf8'),
  };
}
