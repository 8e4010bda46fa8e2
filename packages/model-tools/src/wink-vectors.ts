// Streams the wink-embeddings JSON ({words, vectors: {word: [d values, l2norm, index]}}) without parsing all 300 MB.
import { open } from 'node:fs/promises';

export interface WinkHeader {
  dimension: number;
  /** Every word of the file, most frequent first. */
  words: string[];
}

const DEFAULT_CHUNK_BYTES = 8 * 1024 * 1024;
const WORDS_START = '"words":[';
const VECTORS_START = '],"vectors":{';

async function* textChunks(path: string, chunkBytes: number): AsyncGenerator<string> {
  const file = await open(path, 'r');
  try {
    const decoder = new TextDecoder('utf-8', { fatal: true });
    const buffer = Buffer.alloc(chunkBytes);
    for (;;) {
      const { bytesRead } = await file.read(buffer, 0, chunkBytes, null);
      if (bytesRead === 0) break;
      yield decoder.decode(buffer.subarray(0, bytesRead), { stream: true });
    }
    yield decoder.decode();
  } finally {
    await file.close();
  }
}

function headerNumber(prefix: string, key: string): number {
  const match = new RegExp(`"${key}":(\\d+)`).exec(prefix);
  if (!match) throw new Error(`wink embeddings: header has no "${key}"`);
  return Number(match[1]);
}

/** End of the JSON string key that starts at `start` (a quote), or -1 when the text ends first. */
function keyEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5c) i++;
    else if (c === 0x22) return i;
  }
  return -1;
}

/** The chosen words (word i is table row i + 1) and their vectors; row 0 stays zeros. */
export interface WinkSelection {
  header: WinkHeader;
  words: string[];
  table: Float32Array;
}

class VectorSink {
  readonly table: Float32Array;
  private readonly rows: Map<string, number>;
  private remaining: number;

  constructor(
    readonly header: WinkHeader,
    readonly words: string[],
  ) {
    this.rows = new Map(words.map((word, i) => [word, i + 1]));
    if (this.rows.size !== words.length) throw new Error('wink embeddings: selected words contain duplicates');
    this.table = new Float32Array((words.length + 1) * header.dimension);
    this.remaining = words.length;
  }

  get done(): boolean {
    return this.remaining === 0;
  }

  /** Consumes every complete `"word":[...]` entry of text; returns where the unconsumed rest starts. */
  consume(text: string): number {
    const dimension = this.header.dimension;
    let position = 0;
    for (;;) {
      const start = text.indexOf('"', position);
      const end = start < 0 ? -1 : keyEnd(text, start);
      const close = end < 0 ? -1 : text.indexOf(']', end);
      if (close < 0) return position;
      if (text[end + 1] !== ':' || text[end + 2] !== '[') throw new Error('wink embeddings: malformed vector entry');
      const word = JSON.parse(text.slice(start, end + 1)) as string;
      const row = this.rows.get(word);
      if (row !== undefined) {
        const values = text.slice(end + 3, close).split(',');
        if (values.length < dimension) throw new Error(`wink embeddings: "${word}" has ${values.length} values`);
        for (let d = 0; d < dimension; d++) this.table[row * dimension + d] = Number(values[d]);
        this.rows.delete(word);
        this.remaining--;
      }
      position = close + 1;
    }
  }

  missing(): string[] {
    return [...this.rows.keys()];
  }
}

function parseHeader(text: string, vectorsAt: number): WinkHeader {
  const wordsAt = text.indexOf(WORDS_START);
  if (wordsAt < 0 || wordsAt > vectorsAt) throw new Error('wink embeddings: no "words" list before "vectors"');
  const words = JSON.parse(text.slice(wordsAt + WORDS_START.length - 1, vectorsAt + 1)) as string[];
  return { dimension: headerNumber(text.slice(0, wordsAt), 'dimensions'), words };
}

/**
 * Reads the word list, lets `select` choose words from it, then streams the vectors of those words.
 * Stops reading once all are found (the file lists vectors most frequent first, so this reads a prefix).
 */
export async function readWinkVectors(
  path: string,
  select: (header: WinkHeader) => string[],
  options: { chunkBytes?: number } = {},
): Promise<WinkSelection> {
  let pending = '';
  let sink: VectorSink | undefined;
  for await (const chunk of textChunks(path, options.chunkBytes ?? DEFAULT_CHUNK_BYTES)) {
    pending += chunk;
    if (!sink) {
      const vectorsAt = pending.indexOf(VECTORS_START);
      if (vectorsAt < 0) continue;
      const header = parseHeader(pending, vectorsAt);
      sink = new VectorSink(header, select(header));
      pending = pending.slice(vectorsAt + VECTORS_START.length);
    }
    pending = pending.slice(sink.consume(pending));
    if (sink.done) break;
  }
  if (!sink) throw new Error('wink embeddings: no "vectors" section found');
  const missing = sink.missing();
  if (missing.length > 0)
    throw new Error(`wink embeddings: no vector for ${missing.length} words, e.g. "${missing[0]}"`);
  return { header: sink.header, words: sink.words, table: sink.table };
}
