// Every word of a static tokenizer (vocabularies, stems, unaccented forms) in one typed-array hash table, no JS Map.
import { withoutAccents } from './accents.js';
import { hashUtf8, sameWord, utf8Length, writeUtf8 } from './utf8-pool.js';

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

/** The typed arrays a WordTable is made of (what a binary file holds). */
export interface WordTableParts {
  /** Languages (the default one first); columns: 0 the default vocabulary, 1 + 2i language i's words, 2 + 2i its stems. */
  languages: number;
  /**
   * Every word's UTF-8 bytes, one after the other; word e is chars[offsets[e], offsets[e + 1]). A code unit that is half
   * of no surrogate pair (none in the built-in tables) is written as its own three bytes, so every string has one form.
   */
  chars: Uint8Array;
  offsets: Uint32Array;
  /** Hash of each word (FNV-1a over its UTF-16 code units). */
  hashes: Uint32Array;
  /** Open addressing, linear probing: entry + 1, 0 empty; length a power of two. */
  slots: Uint32Array;
  /** Entry e's postings are [postingStart[e], postingStart[e + 1]): a column and the row it gives there. */
  postingStart: Uint32Array;
  postingColumn: Uint8Array;
  postingRow: Int32Array;
  /** Per entry, bit j: language j (0: the default) has it as a word, a stem or a word's unaccented form (evidence). */
  evidence: Uint32Array;
}

const NON_ASCII = /[^\x00-\x7f]/;
const HAN_WORD = /^\p{Script=Han}{2,}$/u;
/** Bits of a 32-bit mask; language j is bit j. */
const MAX_LANGUAGES = 31;

function hashOf(word: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

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
  private readonly mask: number;

  constructor(readonly parts: WordTableParts) {
    this.mask = parts.slots.length - 1;
  }

  /** The entry of a word, -1 when no column holds it. */
  find(word: string): number {
    const { chars, offsets, hashes, slots } = this.parts;
    const hash = hashOf(word);
    for (let slot = hash & this.mask; ; slot = (slot + 1) & this.mask) {
      const held = slots[slot] as number;
      if (held === 0) return -1;
      const entry = held - 1;
      if (hashes[entry] === hash && sameWord(word, chars, offsets[entry] as number, offsets[entry + 1] as number))
        return entry;
    }
  }

  /** The row an entry has in a column; undefined when it has none there. */
  row(entry: number, column: number): number | undefined {
    const { postingStart, postingColumn, postingRow } = this.parts;
    for (let p = postingStart[entry] as number, end = postingStart[entry + 1] as number; p < end; p++)
      if (postingColumn[p] === column) return postingRow[p];
    return undefined;
  }

  /** Bit j set when language j's vocabulary (0: the default one) holds the word as written. */
  vocabBits(word: string): number {
    const entry = this.find(word);
    if (entry < 0) return 0;
    const { postingStart, postingColumn } = this.parts;
    let bits = 0;
    for (let p = postingStart[entry] as number, end = postingStart[entry + 1] as number; p < end; p++) {
      const column = postingColumn[p] as number;
      if (column === 0) bits |= 1;
      else if (column % 2 === 1) bits |= 1 << ((column + 1) / 2);
    }
    return bits;
  }

  /** Bit j set when language j has the word as a word, stem or unaccented form (see WordTableParts.evidence). */
  evidenceBits(word: string): number {
    const entry = this.find(word);
    return entry < 0 ? 0 : (this.parts.evidence[entry] as number);
  }

  /** Language j's words (j = 0: the default vocabulary) or, for j ≥ 1, its stems. */
  column(language: number, stems = false): WordColumn {
    return new Column(this, language === 0 ? 0 : 2 * language - 1 + (stems ? 1 : 0));
  }

  /** Largest row of any column (0 when empty). */
  maxRow(): number {
    let max = 0;
    for (const row of this.parts.postingRow) if (row > max) max = row;
    return max;
  }

  /** The table of a default vocabulary and more languages (parsed tokenizer.json content). */
  static build(defaultVocab: Record<string, number>, languages: readonly WordTableLanguage[]): WordTable {
    if (languages.length + 1 > MAX_LANGUAGES) throw new Error(`word table: at most ${MAX_LANGUAGES - 1} languages`);
    const entries = new Map<string, number>();
    const counts: number[] = [];
    const evidence: number[] = [];
    const entryOf = (word: string) => {
      let entry = entries.get(word);
      if (entry === undefined) {
        entry = entries.size;
        entries.set(word, entry);
        counts.push(0);
        evidence.push(0);
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
        if (han ? !stems && HAN_WORD.test(word) : true) evidence[entry] = (evidence[entry] as number) | bit;
        if (!han && !stems && NON_ASCII.test(word)) {
          const plain = entryOf(withoutAccents(word));
          evidence[plain] = (evidence[plain] as number) | bit;
        }
      }
    });
    const n = entries.size;
    const postingStart = new Uint32Array(n + 1);
    for (let e = 0; e < n; e++) postingStart[e + 1] = (postingStart[e] as number) + (counts[e] as number);
    const total = postingStart[n] as number;
    const postingColumn = new Uint8Array(total);
    const postingRow = new Int32Array(total);
    const cursor = postingStart.slice(0, n);
    // pass 2: postings, in column order within each entry
    columns.forEach((words, column) => {
      for (const [word, row] of Object.entries(words)) {
        const entry = entries.get(word) as number;
        const p = cursor[entry] as number;
        postingColumn[p] = column;
        postingRow[p] = row;
        cursor[entry] = p + 1;
      }
    });
    return new WordTable(
      hashTable([...entries.keys()], languages.length + 1, {
        postingStart,
        postingColumn,
        postingRow,
        evidence: Uint32Array.from(evidence),
      }),
    );
  }
}

/** Lays the words out in one UTF-8 pool, then hashes them. */
function hashTable(
  words: readonly string[],
  languages: number,
  rest: Pick<WordTableParts, 'postingStart' | 'postingColumn' | 'postingRow' | 'evidence'>,
): WordTableParts {
  let length = 0;
  for (const word of words) length += utf8Length(word);
  const chars = new Uint8Array(length);
  const offsets = new Uint32Array(words.length + 1);
  let at = 0;
  words.forEach((word, entry) => {
    offsets[entry] = at;
    at = writeUtf8(word, chars, at);
  });
  offsets[words.length] = at;
  return { languages, chars, offsets, ...hashWords(chars, offsets), ...rest };
}

/**
 * The hash of every word of a pool (over its UTF-16 code units, decoded from the bytes, as hashOf hashes a string) and
 * the open-addressing slots (at most half full) that find them.
 */
export function hashWords(chars: Uint8Array, offsets: Uint32Array): Pick<WordTableParts, 'hashes' | 'slots'> {
  const n = offsets.length - 1;
  const hashes = new Uint32Array(n);
  let capacity = 1;
  while (capacity < n * 2) capacity *= 2;
  const slots = new Uint32Array(capacity);
  const mask = capacity - 1;
  for (let entry = 0; entry < n; entry++) {
    const hash = hashUtf8(chars, offsets[entry] as number, offsets[entry + 1] as number);
    hashes[entry] = hash;
    let slot = hash & mask;
    while (slots[slot] !== 0) slot = (slot + 1) & mask;
    slots[slot] = entry + 1;
  }
  return { hashes, slots };
}
