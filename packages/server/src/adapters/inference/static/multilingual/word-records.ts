// The byte layout of a WordTable: one record per word (its UTF-8, evidence bits, postings) in one pool, and the
// open-addressing slots that find a record by its word: each slot holds the record's offset and a hash fingerprint.
//
// A record: a header, head = UTF-8 bytes << 2 | kind, in one byte (head < 0x80) or two (7 low bits | 0x80, then the
// rest); the word's UTF-8; its evidence bits unless kind is DERIVED; its postings unless kind is NO_POSTINGS.
import { hashUtf8 } from './utf8-pool.js';

/**
 * Entries per slot: capacity = ceil(entries / LOAD), any count (no power of two). With linear probing a hit probes
 * ~(1 + 1/(1 − LOAD))/2 slots and a miss ~(1 + 1/(1 − LOAD)²)/2, most of them rejected by the fingerprint alone.
 */
export const LOAD = 0.6;
/** The longest word (UTF-8 bytes): a two-byte header holds 14 bits. */
export const MAX_WORD_BYTES = (1 << 12) - 1;
/** Record kinds (the low two bits of its first byte): evidence bytes and no postings; evidence bytes and postings. */
export const NO_POSTINGS = 0;
export const POSTINGS = 1;
/** Postings and no evidence bytes: the evidence is the languages of the postings' columns (73 % of static-multi's). */
export const DERIVED = 3;
/** The slot holds offset + 1 beside at least one fingerprint bit. */
const MAX_RECORDS_BYTES = 2 ** 31 - 2;

/**
 * How a table of `languages` languages (the default one included) packs a record: evidence in ceil(languages / 8)
 * little-endian bytes (bit j: language j); each posting one little-endian u32: the row in the low rowBits, the column
 * (0 the default vocabulary, 1 + 2i language i's words, 2 + 2i its stems) above it, bit 31 set on the record's last.
 */
export interface RecordLayout {
  columns: number;
  rowBits: number;
  /** Largest row a posting holds (2^rowBits − 1). */
  maxRow: number;
  columnMask: number;
  evidenceBytes: number;
}

const bitsFor = (n: number) => 32 - Math.clz32(n);

export function recordLayout(languages: number): RecordLayout {
  const columns = 2 * languages - 1;
  const columnBits = Math.max(1, bitsFor(columns - 1));
  const rowBits = 31 - columnBits;
  return {
    columns,
    rowBits,
    maxRow: 2 ** rowBits - 1,
    columnMask: (1 << columnBits) - 1,
    evidenceBytes: Math.ceil(languages / 8),
  };
}

/** Bytes of a record's header. */
export const headerBytes = (wordBytes: number) => (wordBytes < 32 ? 1 : 2);

/** The language of a column (0: the default one): bit languageOf(column) of the evidence. */
export const languageOf = (column: number) => (column + 1) >>> 1;

/** Writes a record's header at records[at]; returns where the word's bytes go. */
export function writeHeader(records: Uint8Array, at: number, wordBytes: number, kind: number): number {
  const head = (wordBytes << 2) | kind;
  if (head < 0x80) {
    records[at] = head;
    return at + 1;
  }
  records[at] = 0x80 | (head & 0x7f);
  records[at + 1] = head >>> 7;
  return at + 2;
}

/** The open-addressing slots of a record pool; offsetBits: the low bits of a slot that hold offset + 1 (0: empty). */
export interface WordSlots {
  slots: Uint32Array;
  offsetBits: number;
}

const malformed = (what: string) => new Error(`tokenizer words: malformed records (${what})`);

/**
 * Checks every record of a pool (throws when one is malformed or there are not `entries` of them) and indexes them:
 * a word's home slot is ⌊hash × capacity / 2^32⌋ (its high bits), its fingerprint the hash's low 32 − offsetBits bits.
 * @param fingerprintBits fewer than the spare bits (tests: collisions on every other probe); default all of them.
 */
export function indexRecords(
  records: Uint8Array,
  entries: number,
  languages: number,
  fingerprintBits?: number,
): WordSlots {
  if (records.length > MAX_RECORDS_BYTES) throw new Error('word table: over 2 GiB of words');
  const { columns, rowBits, columnMask, evidenceBytes } = recordLayout(languages);
  const offsetBits = fingerprintBits === undefined ? Math.max(1, bitsFor(records.length)) : 32 - fingerprintBits;
  if (offsetBits < bitsFor(records.length) || offsetBits > 31) throw new Error('word table: no room for fingerprints');
  const capacity = entries === 0 ? 1 : Math.ceil(entries / LOAD);
  const scale = capacity / 2 ** 32;
  const slots = new Uint32Array(capacity);
  const n = records.length;
  let count = 0;
  for (let p = 0; p < n; count++) {
    if (count === entries) throw malformed('more records than entries');
    const at = p;
    let head = records[p] as number;
    if (head < 0x80) p += 1;
    else {
      const high = p + 1 < n ? (records[p + 1] as number) : 0;
      if (high === 0 || high >= 0x80) throw malformed('a header');
      head = (head & 0x7f) | (high << 7);
      p += 2;
    }
    const kind = head & 3;
    if (kind === 2) throw malformed('a record kind');
    const end = p + (head >>> 2);
    const explicit = kind === DERIVED ? 0 : evidenceBytes;
    if (end + explicit > n) throw malformed('a word past the end');
    const hash = hashUtf8(records, p, end);
    for (let k = explicit - 1; k >= 0; k--)
      if (8 * k + 8 > languages && (records[end + k] as number) >>> (languages - 8 * k) !== 0)
        throw malformed('evidence of no language');
    p = end + explicit;
    if (kind !== NO_POSTINGS) {
      for (let last = false; !last; p += 4) {
        if (p + 4 > n) throw malformed('a posting past the end');
        const high = records[p + 3] as number;
        const posting = (records[p] as number) | ((records[p + 1] as number) << 8) | ((records[p + 2] as number) << 16);
        if (((((high << 24) | posting) >>> rowBits) & columnMask) >= columns) throw malformed('a column');
        last = high >= 0x80;
      }
    }
    let slot = Math.floor(hash * scale);
    while (slots[slot] !== 0) if (++slot === capacity) slot = 0;
    slots[slot] = ((hash << offsetBits) | (at + 1)) >>> 0;
  }
  if (count !== entries) throw malformed('fewer records than entries');
  return { slots, offsetBits };
}
