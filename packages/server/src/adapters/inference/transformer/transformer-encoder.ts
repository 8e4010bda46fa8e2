// Encoder over a sentence-transformers ONNX export: tokenise (with windows) → batched session runs → pool → L2-normalise.
import type { EmbedOptions, Encoder } from '../../../core/ports/encoders.js';
import type { EncoderModel, TokenizedText } from '../encoder-model.js';
import { createOnnxSession, type Int64Input, type OnnxSession, type OnnxSessionOptions } from '../onnx/onnx-runtime.js';
import { l2Normalise, poolTokens } from './pooling.js';
import { DEFAULT_BATCH_LIMITS, packTokenBatches, type BatchLimits, type TokenBatch } from '../token-batches.js';
import type { TokenWindow } from './token-windows.js';
import { readTransformerExport, type TransformerExport } from './transformer-export.js';
import { ownValue } from '../../../core/shared/own-value.js';

export interface TransformerEncoderOptions {
  session?: OnnxSessionOptions;
  batching?: BatchLimits;
  /** The ONNX file inside the export directory (overrides textclass.json "file"). */
  file?: string;
}

/** What the encoder needs of a tokenizer: the model inputs of a text, and the id that pads a batch. */
export interface WindowTokenizer {
  readonly padId: number;
  windows(text: string): TokenWindow[];
}

/** Builds an export's tokenizer on its first use (TransformerEncoder.open gives one over tokenizer.json). */
export type TokenizerFactory = (exported: TransformerExport) => WindowTokenizer;

/**
 * The largest attention one session run may hold: rows × sequence² ≤ 16 × 128², about 8 MiB of attention weights for
 * 8 heads. A batch of long rows grows quadratically in memory with its sequence, and onnxruntime's memory arena keeps
 * its largest run for the session's life: 256 USE-lite windows of 128 tokens in one run took the process from 248 to
 * 1,035 MiB, and it stayed there (bench:memory, worst-case rows).
 */
export const MAX_ATTENTION_CELLS = 16 * 128 * 128;

/**
 * Rows per session run of a transformer encoder (USE-lite): runs of at most 2,048 padded tokens, so a long text's
 * 128-token windows run 16 at a time while short texts still run 64 to a batch. Measured on 64 texts of 5,000
 * characters (2,112 windows): 256-row runs peaked at +700 MiB, 16-row runs at +60 MiB and were no slower.
 */
export const TRANSFORMER_BATCH_LIMITS: BatchLimits = {
  maxRows: DEFAULT_BATCH_LIMITS.maxRows,
  maxCells: 2_048,
  maxAttentionCells: MAX_ATTENTION_CELLS,
};

/**
 * A transformer's worker session that has run more than 1,024 input cells (what a 64-text batch of short texts or 8
 * windows of 128 tokens reach) is replaced by a fresh one after 10 s without runs, giving its memory arena's peak back
 * (OnnxSessionOptions.trimAboveCells). Without it, RSS stayed ~47 MiB above its level before the largest embeddings
 * request; loading the fresh session costs its worker thread about a second.
 */
export const TRIM_AFTER_LARGE_RUNS: OnnxSessionOptions = { trimAboveCells: 1_024, trimAfterIdleMs: 10_000 };

/**
 * Rows per session run of a sentence-transformers export: a queue batch (up to 64 texts) runs as length-sorted runs of
 * at most 16. With another process busy on the cores this kept c32 at 0.93 / 0.88 of the raw ceiling (1 / 8 texts per
 * request) against 0.80 / 0.74 with one run per batch, quiet within noise (bench/history/inference.md, "Transformer rows under a
 * second process"). Rows of a longer sequence run fewer at a time (MAX_ATTENTION_CELLS: 4 rows of 256, 1 of 512).
 */
export const EXPORT_BATCH_LIMITS: BatchLimits = {
  maxRows: 16,
  maxCells: DEFAULT_BATCH_LIMITS.maxCells,
  maxAttentionCells: MAX_ATTENTION_CELLS,
};

const KNOWN_INPUTS = new Set(['input_ids', 'attention_mask', 'token_type_ids']);
const WARMUP_TEXTS = ['warm up the encoder'];

/** A text as the transformer reads it: its model inputs, one window or the overlapping windows of a long text. */
export interface TransformerEntry extends TokenizedText {
  readonly windows: readonly TokenWindow[];
}

interface Loaded {
  tokenizer: WindowTokenizer;
  session: OnnxSession;
  output: string;
}

interface Row {
  text: number;
  weight: number;
  ids: number[];
}

/** Embeds texts with a transformer; long texts are windowed and their window embeddings averaged by token count. */
export class TransformerEncoder implements Encoder, EncoderModel<TransformerEntry> {
  readonly id: string;
  readonly dimension: number;
  private loading: Promise<Loaded> | undefined;
  private tokenizer: WindowTokenizer | undefined;
  private readonly makeTokenizer: TokenizerFactory | undefined;
  private warm = false;

  /**
   * tokenizer: the tokenizer (encoders with one of their own, such as USE-lite's), or how to build it on first use
   * (open() builds the export's tokenizer.json).
   */
  constructor(
    readonly exported: TransformerExport,
    private readonly options: TransformerEncoderOptions = {},
    tokenizer?: WindowTokenizer | TokenizerFactory,
  ) {
    if (typeof tokenizer === 'function') this.makeTokenizer = tokenizer;
    else this.tokenizer = tokenizer;
    this.id = exported.id;
    this.dimension = exported.dimension;
  }

  /** Reads the export's configuration (batching: EXPORT_BATCH_LIMITS unless given); the session loads on warmup() or the first embed(). */
  static async open(dir: string, options: TransformerEncoderOptions = {}): Promise<TransformerEncoder> {
    const exported = await readTransformerExport(dir, { file: options.file });
    // @huggingface/tokenizers loads with the first export opened (at start), never in a server that has none.
    const { TextTokenizer } = await import('./hf-tokenizer.js');
    return new TransformerEncoder(
      exported,
      { ...options, batching: options.batching ?? EXPORT_BATCH_LIMITS },
      ({ tokenizerJson, tokenizerConfig, maxSeqLength }) =>
        new TextTokenizer(tokenizerJson, tokenizerConfig, maxSeqLength),
    );
  }

  /** Most rows, padded cells and attention cells in one session run (TRANSFORMER_BATCH_LIMITS unless given). */
  get batchLimits(): BatchLimits {
    return this.options.batching ?? TRANSFORMER_BATCH_LIMITS;
  }

  async warmup(): Promise<void> {
    await this.embed(WARMUP_TEXTS);
    this.warm = true;
  }

  health(): boolean {
    return this.warm;
  }

  /** The prompt text prepended for role (default: the export's default prompt; '' when none). */
  promptFor(role?: string): string {
    const name = role ?? this.exported.defaultPrompt;
    return name === undefined ? '' : (ownValue(this.exported.prompts, name) ?? '');
  }

  /**
   * The windows of the prompt (role's, else the default) + text, special tokens included. A batch row of it costs its
   * longest window: the text's tokens, capped at the window size (max_seq_length); its work is every window's tokens.
   * Builds the tokenizer on first use.
   */
  tokenize(text: string, role?: string): TransformerEntry {
    const windows = this.textTokenizer().windows(this.promptFor(role) + text);
    let tokens = 1;
    let work = 0;
    for (const window of windows) {
      tokens = Math.max(tokens, window.ids.length);
      work += Math.max(1, window.ids.length);
    }
    return { windows, tokens, work };
  }

  /**
   * tokenize() and run() in one call, without a queue (scripts, evaluation, tests); options.role picks a prompt such as
   * e5's "passage: " (a workspace means nothing without a queue).
   */
  async embed(texts: string[], options: EmbedOptions & { role?: string } = {}): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    return this.run(texts.map((text) => this.tokenize(text, options.role)));
  }

  /** L2-normalised embeddings in entry order: batched session runs, pooling, then each text's windows averaged by token count. */
  async run(entries: readonly TransformerEntry[]): Promise<Float32Array[]> {
    if (entries.length === 0) return [];
    const loaded = await this.load();
    const rows: Row[] = [];
    entries.forEach((entry, text) => {
      for (const window of entry.windows) rows.push({ text, weight: window.weight, ids: window.ids });
    });
    const sums = entries.map(() => new Float32Array(this.dimension));
    const batches = packTokenBatches(
      rows.map((r) => Int32Array.from(r.ids)),
      this.batchLimits,
    );
    for (const batch of batches) {
      const vectors = await this.runBatch(loaded, batch);
      batch.indices.forEach((rowIndex, i) => {
        const row = rows[rowIndex] as Row;
        const vector = this.exported.normalize ? l2Normalise(vectors[i] as Float32Array) : (vectors[i] as Float32Array);
        const sum = sums[row.text] as Float32Array;
        for (let d = 0; d < this.dimension; d++) sum[d] = (sum[d] as number) + row.weight * (vector[d] as number);
      });
    }
    return sums.map(l2Normalise);
  }

  /** Releases the ONNX session; a later embed() loads it again. */
  async close(): Promise<void> {
    const loading = this.loading;
    this.loading = undefined;
    this.warm = false;
    if (loading) await (await loading).session.release();
  }

  private async runBatch({ session, output, tokenizer }: Loaded, batch: TokenBatch): Promise<Float32Array[]> {
    const dims = [batch.rows, batch.sequence];
    const ids = batch.inputIds;
    if (tokenizer.padId !== 0)
      for (let i = 0; i < ids.length; i++) if (batch.attentionMask[i] === 0n) ids[i] = BigInt(tokenizer.padId);
    const available: Record<string, Int64Input> = {
      input_ids: { data: ids, dims },
      attention_mask: { data: batch.attentionMask, dims },
      token_type_ids: { data: new BigInt64Array(ids.length), dims },
    };
    const feeds = Object.fromEntries(session.inputNames.map((name) => [name, ownValue(available, name) as Int64Input]));
    const result = await session.runInt64(feeds, output);
    const hidden = result.dims[result.dims.length - 1];
    if (hidden !== this.dimension)
      throw new Error(`encoder ${this.id}: output ${output} has width ${hidden}, expected ${this.dimension}`);
    if (result.dims.length === 2) {
      return batch.indices.map((_, r) => result.data.slice(r * this.dimension, (r + 1) * this.dimension));
    }
    return poolTokens(
      result.data,
      batch.attentionMask,
      batch.rows,
      batch.sequence,
      this.dimension,
      this.exported.pooling,
    );
  }

  private load(): Promise<Loaded> {
    this.loading ??= this.loadFiles().catch((error: unknown) => {
      this.loading = undefined;
      throw error;
    });
    return this.loading;
  }

  private textTokenizer(): WindowTokenizer {
    if (this.tokenizer) return this.tokenizer;
    if (!this.makeTokenizer)
      throw new Error(`encoder ${this.id}: no tokenizer (open the export with TransformerEncoder.open)`);
    this.tokenizer = this.makeTokenizer(this.exported);
    return this.tokenizer;
  }

  private async loadFiles(): Promise<Loaded> {
    const { modelPath } = this.exported;
    const tokenizer = this.textTokenizer();
    const session = await createOnnxSession(modelPath, {
      thread: 'worker',
      ...TRIM_AFTER_LARGE_RUNS,
      ...this.options.session,
    });
    const unknown = session.inputNames.filter((name) => !KNOWN_INPUTS.has(name));
    const output = ['sentence_embedding', 'last_hidden_state', 'token_embeddings'].find((name) =>
      session.outputNames.includes(name),
    );
    if (unknown.length > 0 || !session.inputNames.includes('input_ids') || !output) {
      await session.release();
      throw new Error(
        `encoder ${this.id}: ${modelPath} needs inputs [${session.inputNames.join(', ')}] and has outputs [${session.outputNames.join(', ')}]; ` +
          'expected input_ids (+ attention_mask, token_type_ids) and sentence_embedding or last_hidden_state',
      );
    }
    return { tokenizer, session, output };
  }
}
