// Encoder over a static-embedding directory (model.onnx + tokenizer.json + encoder.json): our graph in JS, others in onnxruntime.
import { join } from 'node:path';
import type { Encoder } from '../../../core/ports/encoders.js';
import { ENCODER_FILES, readEncoderMetadata, type EncoderMetadata } from '../encoder-metadata.js';
import type { EncoderModel, TokenizedText } from '../encoder-model.js';
import { createOnnxSession, type OnnxSession, type OnnxSessionOptions } from '../onnx/onnx-runtime.js';
import { STATIC_GRAPH_IO } from './static-embedding-graph.js';
import { StaticGraph } from './static-graph-run.js';
import { recogniseStaticGraph } from './static-graph-recognise.js';
import { StaticRows } from './static-rows.js';
import { StaticWordTokenizer } from './static-tokenizer.js';
import { packTokenBatches, DEFAULT_BATCH_LIMITS, type BatchLimits } from '../token-batches.js';
import { readTokenizerFile } from './static-tokenizer-file.js';

export interface StaticEncoderOptions {
  session?: OnnxSessionOptions;
  batching?: BatchLimits;
}

/** A text as the static model reads it: the ids of its known words (one window: the graph takes any length). */
export interface StaticEntry extends TokenizedText {
  readonly ids: Int32Array;
  /** Some word was read through a language's own table: the rows render as an English gloss. */
  readonly translated: boolean;
}

/** The model as loaded: our graph runs in JavaScript over rows read from the file; any other in onnxruntime. */
type Loaded =
  | { tokenizer: StaticWordTokenizer; graph: StaticGraph; rows: StaticRows; session?: undefined }
  | { tokenizer: StaticWordTokenizer; session: OnnxSession; graph?: undefined };

const WARMUP_TEXTS = ['warm up the encoder', ''];

/**
 * Embeds texts as the L2-normalised mean of their known words' vectors. A text with no known word
 * gets a zero vector. Files load on warmup() or on the first embed(), whichever comes first.
 * A model.onnx that is exactly the graph buildStaticEmbeddingModel writes runs in JavaScript (StaticGraph: each
 * text's vector is onnxruntime's batch-of-1 answer, bit for bit, whatever the batch), with no onnxruntime session
 * and without the table in memory (StaticRows); any other graph runs in onnxruntime as a padded batch.
 */
export class StaticEncoder implements Encoder, EncoderModel<StaticEntry> {
  readonly id: string;
  readonly dimension: number;
  private loading: Promise<Loaded> | undefined;
  /** What loading gave, once it has finished: tokenize() is synchronous. */
  private loaded: Loaded | undefined;
  private warm = false;

  constructor(
    readonly dir: string,
    readonly metadata: EncoderMetadata,
    private readonly options: StaticEncoderOptions = {},
  ) {
    this.id = metadata.id;
    this.dimension = metadata.dimension;
  }

  /** Reads dir/encoder.json and returns an encoder that loads the rest lazily. */
  static async open(dir: string, options: StaticEncoderOptions = {}): Promise<StaticEncoder> {
    return new StaticEncoder(dir, await readEncoderMetadata(dir), options);
  }

  async warmup(): Promise<void> {
    await this.embed(WARMUP_TEXTS);
    this.warm = true;
  }

  health(): boolean {
    return this.warm;
  }

  /**
   * The text's known-word ids; a row of it costs as many tokens (at least 1: an empty row is one padding cell).
   * english: read the text as the default language, without routing (a caller that knows it is English).
   */
  tokenize(text: string, english = false): StaticEntry {
    if (!this.loaded) throw new Error(`encoder ${this.id} is not loaded: warmup() first`);
    return entryOf(this.loaded.tokenizer, text, english);
  }

  async run(entries: readonly StaticEntry[]): Promise<Float32Array[]> {
    if (entries.length === 0) return [];
    return this.runLoaded(await this.load(), entries);
  }

  /** tokenize() and run() in one call, without a queue (scripts, evaluation, tests); loads the files on first use. */
  async embed(texts: string[]): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    const loaded = await this.load();
    return this.runLoaded(
      loaded,
      texts.map((text) => entryOf(loaded.tokenizer, text)),
    );
  }

  /** Whether the model runs in JavaScript (our graph) rather than in an onnxruntime session; undefined until loaded. */
  get runsInJavaScript(): boolean | undefined {
    return this.loaded && this.loaded.graph !== undefined;
  }

  /** Releases the ONNX session or the table file; a later embed() loads it again. */
  async close(): Promise<void> {
    const loading = this.loading;
    this.loading = undefined;
    this.loaded = undefined;
    this.warm = false;
    if (!loading) return;
    const loaded = await loading;
    if (loaded.session) await loaded.session.release();
    else loaded.rows.close();
  }

  /** Our graph embeds text by text; a session runs length-sorted batches (the graph pools and normalises). */
  private async runLoaded(loaded: Loaded, entries: readonly StaticEntry[]): Promise<Float32Array[]> {
    if (loaded.graph) return entries.map((entry) => loaded.graph.embed(entry.ids));
    const { session } = loaded;
    const vectors = new Array<Float32Array>(entries.length);
    for (const batch of packTokenBatches(
      entries.map((entry) => entry.ids),
      this.options.batching ?? DEFAULT_BATCH_LIMITS,
    )) {
      const dims = [batch.rows, batch.sequence];
      const output = await session.runInt64(
        {
          [STATIC_GRAPH_IO.inputIds]: { data: batch.inputIds, dims },
          [STATIC_GRAPH_IO.attentionMask]: { data: batch.attentionMask, dims },
        },
        STATIC_GRAPH_IO.output,
      );
      if (output.dims[0] !== batch.rows || output.dims[1] !== this.dimension) {
        throw new Error(
          `encoder ${this.id} returned shape [${output.dims.join(', ')}], expected [${batch.rows}, ${this.dimension}]`,
        );
      }
      batch.indices.forEach((textIndex, row) => {
        vectors[textIndex] = output.data.slice(row * this.dimension, (row + 1) * this.dimension);
      });
    }
    return vectors;
  }

  private load(): Promise<Loaded> {
    if (this.loading) return this.loading;
    const loading = this.loadFiles().then(
      (loaded) => {
        if (this.loading === loading) this.loaded = loaded;
        return loaded;
      },
      (error: unknown) => {
        if (this.loading === loading) this.loading = undefined;
        throw error;
      },
    );
    this.loading = loading;
    return loading;
  }

  private async loadFiles(): Promise<Loaded> {
    const { config, table } = await readTokenizerFile(join(this.dir, ENCODER_FILES.tokenizer));
    const tokenizer = new StaticWordTokenizer(config, table);
    if (tokenizer.tableRows > this.metadata.vocab_size + 1) {
      throw new Error(`encoder ${this.id}: tokenizer ids exceed the table of ${this.metadata.vocab_size + 1} rows`);
    }
    const modelPath = join(this.dir, ENCODER_FILES.model);
    const layout = await recogniseStaticGraph(modelPath).catch((error: unknown) => {
      throw new Error(`encoder ${this.id}: ${(error as Error).message}`, { cause: error });
    });
    if (layout) {
      if (layout.dimension !== this.dimension || layout.vocabSize < tokenizer.tableRows) {
        throw new Error(
          `encoder ${this.id}: model.onnx has a [${layout.vocabSize}, ${layout.dimension}] table, ` +
            `expected ${tokenizer.tableRows} rows or more of ${this.dimension} dimensions`,
        );
      }
      let rows: StaticRows;
      try {
        rows = StaticRows.open(modelPath, layout);
      } catch (error) {
        throw new Error(`encoder ${this.id}: ${(error as Error).message}`, { cause: error });
      }
      return { tokenizer, graph: new StaticGraph(rows, layout), rows };
    }
    const session = await createOnnxSession(modelPath, {
      mapLargeInitializers: true,
      ...this.options.session,
    });
    const missing = [STATIC_GRAPH_IO.inputIds, STATIC_GRAPH_IO.attentionMask].filter(
      (n) => !session.inputNames.includes(n),
    );
    if (missing.length > 0 || !session.outputNames.includes(STATIC_GRAPH_IO.output)) {
      await session.release();
      throw new Error(`encoder ${this.id}: model.onnx lacks the static-embedding inputs/outputs`);
    }
    return { tokenizer, session };
  }
}

function entryOf(tokenizer: StaticWordTokenizer, text: string, english = false): StaticEntry {
  const { ids, translated } = tokenizer.encodeRead(text, english);
  return { ids, translated, tokens: Math.max(1, ids.length) };
}
