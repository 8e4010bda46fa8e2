// Every word of a static tokenizer (vocabularies, stems, unaccented forms) in one byte pool of records, found through a
// fingerprinted open-addressing table (word-records.ts): no JS Map, no per-word arrays.
import { withoutAccents } from './accents.js';
import { hashWord, sameWord, utf8Length, writeUtf8 } from './utf8-pool.js';
import {
  DERIVED,
  headerBytes,
  indexRecords,
  languageOf,
  MAX_WORD_BYTES,
  NO_POSTINGS,
  POSTINGS,
  recordLayout,
  writeHeader,
  type RecordLayout,
} from './word-records.js';

/** What a lookup needs of a word → row table (a Map qualifies; so does a WordTable column). */
export interface WordColumn {
  get(word: string): number | undefined;
}

/** One language of the table: its words and stems (word → row), and whether it is written in Chinese characters. */
export interface WordTableLanguage {
  vocab: Record<string, number>;
  stems: Record<string, number>;
  /** Han or kana: only words of two or more Chinese characters count as evidence; no stems, no unaccented forms. */
  han: boolean;
}

/** What a WordTable is made of (a binary file holds all but the slots, computed when it is read). */
export interface WordTableParts {
  /** Languages, the default one included; the columns are 0 the default vocabulary, 1 + 2i language i's words, 2 + 2i its stems. */
  languages: number;
  /** Words (entries) in the table. */
  entries: number;
  /**
   * One record per entry, back to back (word-records.ts): a header (UTF-8 bytes, kind), the word's UTF-8, its evidence
   * bits (bit j: language j has it as a word, a stem or a word's unaccented form; none stored when they are the
   * languages of its postings), then its postings (column and row). A code unit that is half of no surrogate pair (none
   * in the built-in tables) is written as its own three bytes, so every string has one form. An entry is its offset.
   */
  records: Uint8Array;
  /** Open addressing, linear probing: the record's offset + 1 in the low offsetBits, a fingerprint above; 0 empty. */
  slots: Uint32Array;
  offsetBits: number;
}

const NON_ASCII = /[^\x00-\x7f]/;
const HAN_WORD = /^\p{Script=Han}{2,}$/u;
/** Bits of a 31-bit mask; language j is bit j. */
const MAX_LANGUAGES = 31;

/** A view of one column: word → row, undefined when the column does not hold the word. */
class Column implements WordColumn {
  constructor(
    private readonly table: WordTable,
    private readonly column: number,
  ) {}

  get(word: string): number | undefined {
    const entry = this.table.find(word);
    return entry < 0 ? undefined : this.table.row(entry, this.column);
  }
}

export class WordTable {
  private readonly layout: RecordLayout;
  private readonly scale: number;
  private readonly offsetMask: number;
  private readonly fingerprintMask: number;

  constructor(readonly parts: WordTableParts) {
    this.layout = recordLayout(parts.languages);
    this.scale = parts.slots.length / 2 ** 32;
    this.offsetMask = 2 ** parts.offsetBits - 1;
    this.fingerprintMask = 2 ** (32 - parts.offsetBits) - 1;
  }

  /** The entry of a word (its record's offset), -1 when no column holds it. */
  find(word: string): number {
    const { records, slots, offsetBits } = this.parts;
    const hash = hashWord(word);
    const fingerprint = hash & this.fingerprintMask;
    const capacity = slots.length;
    for (let slot = Math.floor(hash * this.scale); ;) {
      const held = slots[slot] as number;
      if (held === 0) return -1;
      if (held >>> offsetBits === fingerprint) {
        const entry = (held & this.offsetMask) - 1;
        const start = entry + ((records[entry] as number) < 0x80 ? 1 : 2);
        if (sameWord(word, records, start, this.wordEnd(entry))) return entry;
      }
      if (++slot === capacity) slot = 0;
    }
  }

  /** Where an entry's word ends (its evidence bytes, if any, start). */
  private wordEnd(entry: number): number {
    const records = this.parts.records;
    const head = records[entry] as number;
    if (head < 0x80) return entry + 1 + (head >>> 2);
    return entry + 2 + (((head & 0x7f) | ((records[entry + 1] as number) << 7)) >>> 2);
  }

  /** Where an entry's postings start (the record's kind, records[entry] & 3, says whether it has any). */
  private postingsAt(entry: number): number {
    const derived = ((this.parts.records[entry] as number) & 3) === DERIVED;
    return this.wordEnd(entry) + (derived ? 0 : this.layout.evidenceBytes);
  }

  /** The row an entry has in a column; undefined when it has none there. */
  row(entry: number, column: number): number | undefined {
    const records = this.parts.records;
    if (((records[entry] as number) & 3) === NO_POSTINGS) return undefined;
    const { rowBits, maxRow, columnMask } = this.layout;
    for (let p = this.postingsAt(entry); ; p += 4) {
      const posting =
        (records[p] as number) |
        ((records[p + 1] as number) << 8) |
        ((records[p + 2] as number) << 16) |
        ((records[p + 3] as number) << 24);
      if (((posting >>> rowBits) & columnMask) === column) return posting & maxRow;
      if (posting < 0) return undefined;
    }
  }

  /** Bit j set when language j's vocabulary (0: the default one) holds the word as written. */
  vocabBits(word: string): number {
    const entry = this.find(word);
    return entry < 0 ? 0 : this.postingBits(entry, true);
  }

  /** Bit languageOf(column) of each posting's column (vocabularies only: the default one and every odd column). */
  private postingBits(entry: number, vocabularies: boolean): number {
    const records = this.parts.records;
    if (((records[entry] as number) & 3) === NO_POSTINGS) return 0;
    const { rowBits, columnMask } = this.layout;
    let bits = 0;
    for (let p = this.postingsAt(entry); ; p += 4) {
      const high = records[p + 3] as number;
      const column = ((((high << 24) | ((records[p + 2] as number) << 16)) >>> rowBits) & columnMask) as number;
      if (!vocabularies || column === 0 || column % 2 === 1) bits |= 1 << languageOf(column);
      if (high >= 0x80) return bits;
    }
  }

  /** Bit j set when language j has the word as a word, stem or unaccented form (see WordTableParts.records). */
  evidenceBits(word: string): number {
    const entry = this.find(word);
    if (entry < 0) return 0;
    const records = this.parts.records;
    if (((records[entry] as number) & 3) === DERIVED) return this.postingBits(entry, false);
    const p = this.wordEnd(entry);
    let bits = records[p] as number;
    for (let k = 1; k < this.layout.evidenceBytes; k++) bits |= (records[p + k] as number) << (8 * k);
    return bits;
  }

  /** Language j's words (j = 0: the default vocabulary) or, for j ≥ 1, its stems. */
  column(language: number, stems = false): WordColumn {
    return new Column(this, language === 0 ? 0 : 2 * language - 1 + (stems ? 1 : 0));
  }

  /** Largest row of any column (0 when empty). */
  maxRow(): number {
    const { records, entries } = this.parts;
    const { maxRow } = this.layout;
    let max = 0;
    for (let e = 0, entry = 0; e < entries; e++) {
      let p = this.postingsAt(entry);
      if (((records[entry] as number) & 3) !== NO_POSTINGS)
        for (let last = false; !last; p += 4) {
          const posting =
            (records[p] as number) |
            ((records[p + 1] as number) << 8) |
            ((records[p + 2] as number) << 16) |
            ((records[p + 3] as number) << 24);
          if ((posting & maxRow) > max) max = posting & maxRow;
          last = posting < 0;
        }
      entry = p;
    }
    return max;
  }

  /**
   * The table of a default vocabulary and more languages (parsed tokenizer.json content). Throws when a row, a word or
   * the language count does not fit the packing (recordLayout).
   * @param fingerprintBits see indexRecords (tests only)
   */
  static build(
    defaultVocab: Record<string, number>,
    languages: readonly WordTableLanguage[],
    fingerprintBits?: number,
  ): WordTable {
    if (languages.length + 1 > MAX_LANGUAGES) throw new Error(`word table: at most ${MAX_LANGUAGES - 1} languages`);
    const entries = new Map<string, number>();
    const counts: number[] = [];
    const evidence: number[] = [];
    /** Per entry, the languages of its postings (the evidence of a DERIVED record). */
    const postingBits: number[] = [];
    const entryOf = (word: string) => {
      let entry = entries.get(word);
      if (entry === undefined) {
        entry = entries.size;
        entries.set(word, entry);
        counts.push(0);
        evidence.push(0);
        postingBits.push(0);
      }
      return entry;
    };
    const columns: Array<Record<string, number>> = [defaultVocab];
    for (const l of languages) columns.push(l.vocab, l.stems);
    // pass 1: entries, posting counts, evidence bits
    columns.forEach((words, column) => {
      const language = column === 0 ? 0 : Math.floor((column + 1) / 2);
      const bit = 1 << language;
      const han = language > 0 && (languages[language - 1] as WordTableLanguage).han;
      const stems = column > 0 && column % 2 === 0;
      for (const word of Object.keys(words)) {
        const entry = entryOf(word);
        counts[entry] = (counts[entry] as number) + 1;
        postingBits[entry] = (postingBits[entry] as number) | bit;
        if (han ? !stems && HAN_WORD.test(word) : true) evidence[entry] = (evidence[entry] as number) | bit;
        if (!han && !stems && NON_ASCII.test(word)) {
          const plain = entryOf(withoutAccents(word));
          evidence[plain] = (evidence[plain] as number) | bit;
        }
      }
    });
    const layout = recordLayout(languages.length + 1);
    const words = [...entries.keys()];
    const bytes = words.map(utf8Length);
    const starts = new Float64Array(words.length + 1);
    const kinds = words.map((_, e) =>
      (counts[e] as number) === 0 ? NO_POSTINGS : evidence[e] === postingBits[e] ? DERIVED : POSTINGS,
    );
    words.forEach((word, e) => {
      const length = bytes[e] as number;
      if (length > MAX_WORD_BYTES)
        throw new Error(`word table: "${word.slice(0, 40)}…" is over ${MAX_WORD_BYTES} bytes`);
      const explicit = kinds[e] === DERIVED ? 0 : layout.evidenceBytes;
      starts[e + 1] = (starts[e] as number) + headerBytes(length) + length + explicit + 4 * (counts[e] as number);
    });
    const records = new Uint8Array(starts[words.length] as number);
    const cursor = new Float64Array(words.length);
    words.forEach((word, e) => {
      const kind = kinds[e] as number;
      const end = writeUtf8(word, records, writeHeader(records, starts[e] as number, bytes[e] as number, kind));
      const explicit = kind === DERIVED ? 0 : layout.evidenceBytes;
      for (let k = 0, bits = evidence[e] as number; k < explicit; k++, bits >>>= 8) records[end + k] = bits & 0xff;
      cursor[e] = end + explicit;
    });
    // pass 2: postings, in column order within each entry, the last one flagged
    columns.forEach((words, column) => {
      for (const [word, row] of Object.entries(words)) {
        if (!Number.isInteger(row) || row < 0 || row > layout.maxRow)
          throw new Error(`word table: row ${row} of "${word}" does not fit ${layout.rowBits} bits`);
        const entry = entries.get(word) as number;
        const p = cursor[entry] as number;
        const posting = (row | (column << layout.rowBits)) >>> 0;
        records[p] = posting & 0xff;
        records[p + 1] = (posting >>> 8) & 0xff;
        records[p + 2] = (posting >>> 16) & 0xff;
        records[p + 3] = posting >>> 24;
        cursor[entry] = p + 4;
      }
    });
    for (let e = 0; e < words.length; e++)
      if ((counts[e] as number) > 0) {
        const last = (cursor[e] as number) - 1;
        records[last] = (records[last] as number) | 0x80;
      }
    const table = { languages: languages.length + 1, entries: words.length, records };
    return new WordTable({ ...table, ...indexRecords(records, table.entries, table.languages, fingerprintBits) });
  }
}
