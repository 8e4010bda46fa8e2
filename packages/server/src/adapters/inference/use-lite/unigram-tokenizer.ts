// SentencePiece unigram tokenisation from a vocabulary of (piece, log-probability) pairs: Viterbi over the pieces that
// match at each position, as the Universal Sentence Encoder's own tokenizer does it; long texts are cut into windows.
import { tokenWindows, type TokenWindow } from '../token-windows.js';

/** The word-boundary mark SentencePiece puts where a space was. */
export const WORD_MARK = '\u2581';
/** The id of the unknown piece; a character no piece covers becomes one (runs of them merge into one). */
export const UNKNOWN_ID = 0;

/** vocab.json: [piece, score] in id order; the first `reserved` entries (unknown, <s>, </s>, …) are never matched. */
export type UnigramVocabulary = ReadonlyArray<readonly [string, number]>;

interface TrieNode {
  children: Map<number, TrieNode>;
  /** The piece ending here (−1 when none) and its score. */
  id: number;
  score: number;
}

const newNode = (): TrieNode => ({ children: new Map(), id: -1, score: 0 });

export interface UnigramTokenizerOptions {
  /** Leading vocabulary entries that are control symbols, never pieces of text (USE-lite: 6). */
  reserved: number;
  /** Most tokens one model input holds; longer texts are read as overlapping windows. */
  maxLength: number;
}

/** Tokenises text into piece ids; `windows` gives the model inputs (no special tokens: the model adds none). */
export class UnigramTokenizer {
  readonly padId = UNKNOWN_ID;
  private readonly root = newNode();
  /** Code-point length of every piece (for walking the best path back). */
  private readonly lengths: Int32Array;

  constructor(
    vocabulary: UnigramVocabulary,
    private readonly options: UnigramTokenizerOptions,
  ) {
    this.lengths = new Int32Array(vocabulary.length).fill(1);
    for (let id = options.reserved; id < vocabulary.length; id++) {
      const [piece, score] = vocabulary[id] as readonly [string, number];
      let node = this.root;
      let length = 0;
      for (const char of piece) {
        const code = char.codePointAt(0) as number;
        let next = node.children.get(code);
        if (!next) node.children.set(code, (next = newNode()));
        node = next;
        length++;
      }
      // A duplicate piece keeps its first id, as a trie insert of the same key would overwrite only the score.
      if (node.id === -1) node.id = id;
      node.score = score;
      this.lengths[id] = length;
    }
  }

  /** The text as the model reads it: NFKC, runs of white space as one, trimmed, a word mark before every word. */
  static normalise(text: string): string {
    const clean = text.normalize('NFKC').replace(/\s+/gu, ' ').trim();
    return clean.length > 0 ? WORD_MARK + clean.replaceAll(' ', WORD_MARK) : '';
  }

  /** Piece ids of the whole text (the highest-scoring segmentation). */
  ids(text: string): number[] {
    const symbols = Array.from(UnigramTokenizer.normalise(text), (c) => c.codePointAt(0) as number);
    const n = symbols.length;
    const best = new Float64Array(n + 1);
    const chosen = new Int32Array(n + 1);
    const reached = new Uint8Array(n + 1);
    reached[0] = 1;
    // Edges grouped by end position, in the order the reference visits them (start ascending, then piece length).
    const edges: Array<Array<[start: number, id: number, score: number]>> = Array.from({ length: n + 1 }, () => []);
    for (let start = 0; start < n; start++) {
      let node: TrieNode | undefined = this.root;
      let matched = false;
      for (let end = start; end < n && node; end++) {
        node = node.children.get(symbols[end] as number);
        if (node && node.id !== -1) {
          (edges[end + 1] as Array<[number, number, number]>).push([start, node.id, node.score]);
          matched = true;
        }
      }
      if (!matched) (edges[start + 1] as Array<[number, number, number]>).push([start, UNKNOWN_ID, 0]);
    }
    for (let end = 1; end <= n; end++) {
      for (const [start, id, score] of edges[end] as Array<[number, number, number]>) {
        const total = score + (best[start] as number);
        // The reference treats a best score of exactly 0 as "none yet", and lets a later edge win a tie.
        if (!reached[end] || best[end] === 0 || total >= (best[end] as number)) {
          best[end] = total;
          chosen[end] = id;
          reached[end] = 1;
        }
      }
    }
    const reversed: number[] = [];
    for (let at = n; at > 0;) {
      const id = chosen[at] as number;
      if (!(id === UNKNOWN_ID && reversed[reversed.length - 1] === UNKNOWN_ID)) reversed.push(id);
      at -= this.lengths[id] as number;
    }
    return reversed.reverse();
  }

  /** The model inputs for text: one window, or overlapping windows (half a window apart) when it is too long. */
  windows(text: string): TokenWindow[] {
    return tokenWindows(this.ids(text), { prefix: [], suffix: [], maxLength: this.options.maxLength });
  }
}
