// The binary form of a WordTable (tokenizer.words.bin): a header, the tokenizer's other settings as JSON, the records
// (not the slots: random bytes that compress badly and take ~0.1 s to compute again, while the records are checked).
import { crc32 } from 'node:zlib';
import { indexRecords } from './word-records.js';
import { WordTable } from './word-table.js';

const MAGIC = 0x54574354; // "TCWT" read as a little-endian u32
/** 4: one record per word, slots with fingerprints (3: parallel arrays in UTF-8; 2: in UTF-16). */
const VERSION = 4;
/** magic, version, languages, settings bytes, 32 bytes of source checksum, entries, record bytes, records' CRC-32. */
const HEADER_BYTES = 4 * 4 + 32 + 3 * 4;

const align4 = (n: number) => (n + 3) & ~3;

/** What a words file holds besides the table: the checksum of the tokenizer.json it was made from, and its settings. */
export interface WordTableFile {
  table: WordTable;
  /** SHA-256 of the source tokenizer.json (hex). */
  sourceSha256: string;
  /** The tokenizer.json's settings without its word objects (JSON). */
  settings: string;
}

/** The file's bytes (every number little-endian). */
export function encodeWordTable(file: WordTableFile): Buffer {
  const settings = Buffer.from(file.settings, 'utf8');
  const { languages, entries, records } = file.table.parts;
  const out = Buffer.alloc(HEADER_BYTES + align4(settings.length) + records.length);
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, VERSION, true);
  view.setUint32(8, languages, true);
  view.setUint32(12, settings.length, true);
  Buffer.from(file.sourceSha256, 'hex').copy(out, 16);
  view.setUint32(48, entries, true);
  view.setUint32(52, records.length, true);
  view.setUint32(56, crc32(records), true);
  settings.copy(out, HEADER_BYTES);
  out.set(records, HEADER_BYTES + align4(settings.length));
  return out;
}

/**
 * Reads a words file; the records are a view of its bytes. Throws when it is of another version, damaged (CRC-32) or
 * malformed (every record is checked as the slots are computed): never a wrong table.
 */
export function decodeWordTable(bytes: Uint8Array): WordTableFile {
  if (bytes.byteLength < HEADER_BYTES) throw new Error('tokenizer words: file too short');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== MAGIC || view.getUint32(4, true) !== VERSION)
    throw new Error(`tokenizer words: not a version ${VERSION} words file`);
  const languages = view.getUint32(8, true);
  const settingsLength = view.getUint32(12, true);
  const entries = view.getUint32(48, true);
  const start = HEADER_BYTES + align4(settingsLength);
  const length = view.getUint32(52, true);
  if (start + length !== bytes.byteLength) throw new Error('tokenizer words: file truncated or too long');
  if (languages < 1 || languages > 31) throw new Error('tokenizer words: languages out of range');
  const records = bytes.subarray(start, start + length);
  if (crc32(records) !== view.getUint32(56, true)) throw new Error('tokenizer words: records damaged (CRC-32)');
  return {
    table: new WordTable({ languages, entries, records, ...indexRecords(records, entries, languages) }),
    sourceSha256: Buffer.from(bytes.buffer, bytes.byteOffset + 16, 32).toString('hex'),
    settings: Buffer.from(bytes.buffer, bytes.byteOffset + HEADER_BYTES, settingsLength).toString('utf8'),
  };
}
