// SentencePiece unigram tokenisation from a vocabulary of (piece, log-probability) pairs: Viterbi over the pieces that
// match at each position, as the Universal Sentence Encoder's own tokenizer does it; long texts are cut into windows.
import { tokenWindows, type TokenWindow } from '../transformer/token-windows.js';

/** The word-boundary mark SentencePiece puts where a space was. */
export const WORD_MARK = '\u2581';
/** The id of the unknown piece; a character no piece covers becomes one (runs of them merge into one). */
export const UNKNOWN_ID = 0;

/** vocab.json: [piece, score] in id order; the first `reserved` entries (unknown, <s>, </s>, …) are never matched. */
export type UnigramVocabulary = ReadonlyArray<readonly [string, number]>;

/** How many code points `text` has. */
function codePointCount(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++, count++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit < 0xdc00 && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++;
  }
  return count;
}

/** Printable ASCII, no leading, trailing or doubled space: unchanged by normalise()'s NFKC and white-space pass. */
const PLAIN_ASCII = /^(?:[\x21-\x7e]+(?: [\x21-\x7e]+)*)?$/;

/** The code points of `text`, in order. */
function codePoints(text: string): Int32Array {
  const points = new Int32Array(text.length);
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const point = text.codePointAt(i) as number;
    points[n++] = point;
    if (point > 0xffff) i++;
  }
  return points.subarray(0, n);
}

/** Code points below this find the root's child by table (rootChild). */
const ROOT_TABLE_SIZE = 0x10000;

/**
 * The pieces as a trie in typed arrays, nodes breadth-first from the root (node 0), so the children of node n are the
 * nodes first[n] … first[n + 1] − 1, sorted by the code point on the edge into them (point). Built from the pieces
 * sorted by code points: a node is a run of pieces sharing its prefix, its children the sub-runs by the next code point.
 */
class PieceTrie {
  readonly first: Int32Array;
  readonly point: Int32Array;
  /** The piece ending at a node (−1 when none) and its score. */
  readonly pieceId: Int32Array;
  readonly score: Float64Array;
  /**
   * The root's child on each Basic Multilingual Plane code point (−1: none): every text position starts at the root,
   * whose thousands of children a binary search would otherwise walk; deeper nodes have few.
   */
  readonly rootChild = new Int32Array(ROOT_TABLE_SIZE).fill(-1);

  constructor(vocabulary: UnigramVocabulary, reserved: number, lengths: Int32Array) {
    // Every piece's code points, one after another.
    const at = new Int32Array(vocabulary.length + 1);
    for (let id = reserved; id < vocabulary.length; id++) at[id + 1] = (at[id] as number) + (lengths[id] as number);
    const points = new Int32Array(at[vocabulary.length] as number);
    for (let id = reserved; id < vocabulary.length; id++) {
      let k = at[id] as number;
      for (const char of (vocabulary[id] as readonly [string, number])[0]) points[k++] = char.codePointAt(0) as number;
    }
    const order = Int32Array.from({ length: Math.max(0, vocabulary.length - reserved) }, (_, i) => reserved + i);
    order.sort((a, b) => {
      const lengthA = lengths[a] as number;
      const lengthB = lengths[b] as number;
      for (let i = 0; i < lengthA && i < lengthB; i++) {
        const d = (points[(at[a] as number) + i] as number) - (points[(at[b] as number) + i] as number);
        if (d !== 0) return d;
      }
      return lengthA - lengthB || a - b;
    });
    // Breadth-first: node n holds the pieces order[lo[n], hi[n]) and sits at depth[n]; its children are appended.
    const most = points.length + 1;
    const lo = new Int32Array(most);
    const hi = new Int32Array(most);
    const depth = new Int32Array(most);
    const first = new Int32Array(most + 1);
    const point = new Int32Array(most);
    const pieceId = new Int32Array(most).fill(-1);
    const score = new Float64Array(most);
    hi[0] = order.length;
    let nodes = 1;
    for (let n = 0; n < nodes; n++) {
      const d = depth[n] as number;
      let i = lo[n] as number;
      const end = hi[n] as number;
      // Pieces that end here sort first. A duplicate piece keeps its first id and its last score, as a trie insert
      // of the same key in id order would.
      if (i < end && lengths[order[i] as number] === d) {
        pieceId[n] = order[i] as number;
        while (i < end && lengths[order[i] as number] === d)
          score[n] = (vocabulary[order[i++] as number] as readonly [string, number])[1];
      }
      first[n] = nodes;
      while (i < end) {
        const code = points[(at[order[i] as number] as number) + d] as number;
        const child = nodes++;
        point[child] = code;
        depth[child] = d + 1;
        lo[child] = i;
        while (i < end && points[(at[order[i] as number] as number) + d] === code) i++;
        hi[child] = i;
      }
    }
    first[nodes] = nodes;
    for (let child = first[0] as number; child < (first[1] as number); child++)
      if ((point[child] as number) < ROOT_TABLE_SIZE) this.rootChild[point[child] as number] = child;
    this.first = first.slice(0, nodes + 1);
    this.point = point.slice(0, nodes);
    this.pieceId = pieceId.slice(0, nodes);
    this.score = score.slice(0, nodes);
  }
}

export interface UnigramTokenizerOptions {
  /** Leading vocabulary entries that are control symbols, never pieces of text (USE-lite: 6). */
  reserved: number;
  /** Most tokens one model input holds; longer texts are read as overlapping windows. */
  maxLength: number;
}

/** Tokenises text into piece ids; `windows` gives the model inputs (no special tokens: the model adds none). */
export class UnigramTokenizer {
  readonly padId = UNKNOWN_ID;
  private readonly trie: PieceTrie;
  /** Code-point length of every piece (for walking the best path back). */
  private readonly lengths: Int32Array;

  constructor(
    vocabulary: UnigramVocabulary,
    private readonly options: UnigramTokenizerOptions,
  ) {
    this.lengths = new Int32Array(vocabulary.length).fill(1);
    for (let id = options.reserved; id < vocabulary.length; id++)
      this.lengths[id] = codePointCount((vocabulary[id] as readonly [string, number])[0]);
    this.trie = new PieceTrie(vocabulary, options.reserved, this.lengths);
  }

  /** The text as the model reads it: NFKC, runs of white space as one, trimmed, a word mark before every word. */
  static normalise(text: string): string {
    // Printable ASCII with single inner spaces is its own NFKC and needs no white-space pass (most texts).
    const clean = PLAIN_ASCII.test(text) ? text : text.normalize('NFKC').replace(/\s+/gu, ' ').trim();
    return clean.length > 0 ? WORD_MARK + clean.replaceAll(' ', WORD_MARK) : '';
  }

  /** Piece ids of the whole text (the highest-scoring segmentation). */
  ids(text: string): number[] {
    const symbols = codePoints(UnigramTokenizer.normalise(text));
    const n = symbols.length;
    const best = new Float64Array(n + 1);
    const chosen = new Int32Array(n + 1);
    const reached = new Uint8Array(n + 1);
    reached[0] = 1;
    const { first, point, pieceId, score, rootChild } = this.trie;
    // The reference relaxes the edges into each end in the order start ascending; going forward over starts does the
    // same (every edge into `start` comes from an earlier start, so best[start] is final when its edges leave).
    const relax = (start: number, end: number, id: number, edgeScore: number) => {
      const total = edgeScore + (best[start] as number);
      // The reference treats a best score of exactly 0 as "none yet", and lets a later edge win a tie.
      if (!reached[end] || best[end] === 0 || total >= (best[end] as number)) {
        best[end] = total;
        chosen[end] = id;
        reached[end] = 1;
      }
    };
    for (let start = 0; start < n; start++) {
      let node = 0;
      let matched = false;
      for (let end = start; end < n; end++) {
        // The child of node on symbols[end]: the root's from its table, another's by a binary search of its sorted
        // run of children, the last few read in turn.
        const code = symbols[end] as number;
        if (node === 0 && code < ROOT_TABLE_SIZE) {
          node = rootChild[code] as number;
          if (node === -1) break;
        } else {
          let lo = first[node] as number;
          let hi = first[node + 1] as number;
          while (hi - lo > 8) {
            const mid = (lo + hi) >>> 1;
            if ((point[mid] as number) < code) lo = mid + 1;
            else hi = mid + 1;
          }
          while (lo < hi && (point[lo] as number) < code) lo++;
          if (lo === hi || point[lo] !== code) break;
          node = lo;
        }
        const id = pieceId[node] as number;
        if (id !== -1) {
          relax(start, end + 1, id, score[node] as number);
          matched = true;
        }
      }
      if (!matched) relax(start, start + 1, UNKNOWN_ID, 0);
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
