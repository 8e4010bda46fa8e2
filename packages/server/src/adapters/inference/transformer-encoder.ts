// Encoder over a sentence-transformers ONNX export: tokenise (with windows) → batched session runs → pool → L2-normalise.
import { LruMap } from '../../core/shared/lru-map.js';
import type { Encoder } from '../../core/ports/encoders.js';
import { TextTokenizer } from './hf-tokenizer.js';
import { createOnnxSession, type Int64Input, type OnnxSession, type OnnxSessionOptions } from './onnx-runtime.js';
import { l2Normalise, poolTokens } from './pooling.js';
import { DEFAULT_BATCH_LIMITS, packTokenBatches, type BatchLimits, type TokenBatch } from './token-batches.js';
import { readTransformerExport, type TransformerExport } from './transformer-export.js';

export interface TransformerEncoderOptions {
  session?: OnnxSessionOptions;
  batching?: BatchLimits;
  /** The ONNX file inside the export directory (overrides textclass.json "file"). */
  file?: string;
}

const KNOWN_INPUTS = new Set(['input_ids', 'attention_mask', 'token_type_ids']);
/** Texts whose tokens countTokens() keeps for the embed() that usually follows (the batching queue counts first). */
const COUNTED_KEPT = 4_096;
const WARMUP_TEXTS = ['warm up the encoder'];

interface Loaded {
  tokenizer: TextTokenizer;
  session: OnnxSession;
  output: string;
}

interface Row {
  text: number;
  weight: number;
  ids: number[];
}

/** Embeds texts with a transformer; long texts are windowed and their window embeddings averaged by token count. */
export class TransformerEncoder implements Encoder {
  readonly id: string;
  readonly dimension: number;
  private loading: Promise<Loaded> | undefined;
  private tokenizer: TextTokenizer | undefined;
  private warm = false;
  /** Content token ids by model input text, from countTokens(), taken by embed(); oldest dropped first. */
  private readonly counted = new LruMap<string, number[]>(COUNTED_KEPT);

  constructor(readonly exported: TransformerExport, private readonly options: TransformerEncoderOptions = {}) {
    this.id = exported.id;
    this.dimension = exported.dimension;
  }

  /** Reads the export's configuration; the ONNX session loads on warmup() or the first embed(). */
  static async open(dir: string, options: TransformerEncoderOptions = {}): Promise<TransformerEncoder> {
    return new TransformerEncoder(await readTransformerExport(dir, { file: options.file }), options);
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
    return name === undefined ? '' : (this.exported.prompts[name] ?? '');
  }

  /**
   * Tokens of the text's model input with the default prompt and special tokens, capped at the window size
   * (max_seq_length): what one padded batch row of this text costs. Builds the tokenizer on first use.
   */
  countTokens(text: string): number {
    const tokenizer = this.textTokenizer();
    const input = this.promptFor() + text;
    const ids = tokenizer.contentIds(input);
    this.counted.set(input, ids);
    return Math.min(this.exported.maxSeqLength, tokenizer.prefix.length + ids.length + tokenizer.suffix.length);
  }

  /** The windows of one model input, from the ids countTokens() kept when it saw the same input. */
  private windowsOf(tokenizer: TextTokenizer, input: string) {
    const ids = this.counted.get(input);
    if (ids === undefined) return tokenizer.windows(input);
    this.counted.delete(input);
    return tokenizer.windowsOf(ids);
  }

  /** L2-normalised embeddings in input order; role picks a prompt prefix such as e5's "query: " or "passage: ". */
  async embed(texts: string[], role?: string): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    const loaded = await this.load();
    const prompt = this.promptFor(role);
    const rows: Row[] = texts.flatMap((text, index) => this.windowsOf(loaded.tokenizer, prompt + text).map((w) => ({ text: index, ...w })));
    const sums = texts.map(() => new Float32Array(this.dimension));
    const batches = packTokenBatches(rows.map((r) => Int32Array.from(r.ids)), this.options.batching ?? DEFAULT_BATCH_LIMITS);
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
    if (tokenizer.padId !== 0) for (let i = 0; i < ids.length; i++) if (batch.attentionMask[i] === 0n) ids[i] = BigInt(tokenizer.padId);
    const available: Record<string, Int64Input> = {
      input_ids: { data: ids, dims },
      attention_mask: { data: batch.attentionMask, dims },
      token_type_ids: { data: new BigInt64Array(ids.length), dims },
    };
    const feeds = Object.fromEntries(session.inputNames.map((name) => [name, available[name] as Int64Input]));
    const result = await session.runInt64(feeds, output);
    const hidden = result.dims[result.dims.length - 1];
    if (hidden !== this.dimension) throw new Error(`encoder ${this.id}: output ${output} has width ${hidden}, expected ${this.dimension}`);
    if (result.dims.length === 2) {
      return batch.indices.map((_, r) => result.data.slice(r * this.dimension, (r + 1) * this.dimension));
    }
    return poolTokens(result.data, batch.attentionMask, batch.rows, batch.sequence, this.dimension, this.exported.pooling);
  }

  private load(): Promise<Loaded> {
    this.loading ??= this.loadFiles().catch((error: unknown) => {
      this.loading = undefined;
      throw error;
    });
    return this.loading;
  }

  private textTokenizer(): TextTokenizer {
    const { tokenizerJson, tokenizerConfig, maxSeqLength } = this.exported;
    this.tokenizer ??= new TextTokenizer(tokenizerJson, tokenizerConfig, maxSeqLength);
    return this.tokenizer;
  }

  private async loadFiles(): Promise<Loaded> {
    const { modelPath } = this.exported;
    const tokenizer = this.textTokenizer();
    const session = await createOnnxSession(modelPath, { thread: 'worker', ...this.options.session });
    const unknown = session.inputNames.filter((name) => !KNOWN_INPUTS.has(name));
    const output = ['sentence_embedding', 'last_hidden_state', 'token_embeddings'].find((name) => session.outputNames.includes(name));
    if (unknown.length > 0 || !session.inputNames.includes('input_ids') || !output) {
      await session.release();
      throw new Error(`encoder ${this.id}: ${modelPath} needs inputs [${session.inputNames.join(', ')}] and has outputs [${session.outputNames.join(', ')}]; ` +
        'expected input_ids (+ attention_mask, token_type_ids) and sentence_embedding or last_hidden_state');
    }
    return { tokenizer, session, output };
  }
}
