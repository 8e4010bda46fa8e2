// A joint encoder: the weighted concatenation of several encoders' vectors (e.g. a neural English encoder ⊕ a multilingual
// static one); text in another language reaches the neural part as its English gloss.
import type { Encoder } from '../../../core/ports/encoders.js';
import type { EncoderModel, TokenizedText } from '../encoder-model.js';
import { l2Normalise } from '../transformer/pooling.js';
import type { StaticEncoder, StaticEntry } from '../static/static-encoder.js';
import { Gloss } from './gloss.js';
import { foldNegation } from './negation.js';
import type { JointMetadata } from './joint-metadata.js';

type PartModel = Encoder & EncoderModel;

/** A text as every part reads it. */
export interface JointEntry extends TokenizedText {
  readonly parts: readonly TokenizedText[];
}

const WARMUP_TEXTS = ['warm up the encoder', 'das Paket ist nicht angekommen'];

export class JointEncoder implements Encoder, EncoderModel<JointEntry> {
  readonly id: string;
  readonly dimension: number;
  /** The end of each part: a prefix made of whole leading parts is their own joint embedding (the first: USE-lite). */
  readonly prefixDimensions: readonly number[];
  private readonly scales: number[];
  private readonly glossFrom: number;
  private readonly glossTo: number;
  private gloss: Gloss | undefined;
  private loading: Promise<void> | undefined;
  private warm = false;

  constructor(
    readonly metadata: JointMetadata,
    private readonly dir: string,
    private readonly parts: readonly PartModel[],
  ) {
    this.id = metadata.id;
    this.dimension = parts.reduce((sum, p) => sum + p.dimension, 0);
    if (this.dimension !== metadata.dimension)
      throw new Error(
        `encoder ${this.id}: parts have ${this.dimension} dimensions, encoder.json says ${metadata.dimension}`,
      );
    let end = 0;
    this.prefixDimensions = parts.map((p) => (end += p.dimension));
    this.scales = metadata.parts.map((p) => Math.sqrt(p.weight));
    this.glossFrom = metadata.parts.findIndex((p) => p.id === metadata.gloss.from);
    this.glossTo = metadata.parts.findIndex((p) => p.id === metadata.gloss.to);
  }

  /** Warms every part (a part shared with the registry is warmed once) and loads the gloss. */
  async warmup(): Promise<void> {
    await this.load();
    await this.embed(WARMUP_TEXTS);
    this.warm = true;
  }

  health(): boolean {
    return this.warm && this.parts.every((p) => p.health());
  }

  /**
   * The parts' entries: the gloss source reads the text, and its rows give the gloss the neural part reads (the text
   * itself when it is English). When a polar word is negated ("not bad"), every part reads the English with the
   * negation folded into the opposite word ("good"), since neither a bag of words nor USE-lite separates the two.
   */
  tokenize(text: string): JointEntry {
    if (!this.gloss) throw new Error(`encoder ${this.id} is not loaded yet; call warmup() first`);
    const source = this.parts[this.glossFrom] as PartModel;
    const sourceEntry = source.tokenize(text) as StaticEntry;
    const english = this.gloss.render(sourceEntry.ids, sourceEntry.translated) ?? text;
    // English negation read as written first: a short English text may be routed to another language ("bad" is Swedish).
    const folded = foldNegation(text) ?? (english === text ? undefined : foldNegation(english));
    const entries = this.parts.map((part, i) => {
      // A negated text: every part reads its folded English; otherwise the source reads the text as written.
      if (i === this.glossFrom)
        return folded === undefined ? sourceEntry : (part as StaticEncoder).tokenize(folded, true);
      return part.tokenize(i === this.glossTo ? (folded ?? english) : text);
    });
    return {
      parts: entries,
      tokens: Math.max(...entries.map((e) => e.tokens)),
      work: Math.max(...entries.map((e) => e.work ?? e.tokens)),
    };
  }

  /** Every part runs its own batch of the entries; each text's vectors are scaled by √weight, joined, L2-normalised. */
  async run(entries: readonly JointEntry[]): Promise<Float32Array[]> {
    if (entries.length === 0) return [];
    const outputs = await Promise.all(
      this.parts.map((part, i) => part.run(entries.map((e) => e.parts[i] as TokenizedText))),
    );
    return entries.map((_, row) => {
      const joined = new Float32Array(this.dimension);
      let offset = 0;
      outputs.forEach((vectors, i) => {
        const vector = vectors[row] as Float32Array;
        const scale = this.scales[i] as number;
        for (let d = 0; d < vector.length; d++) joined[offset + d] = scale * (vector[d] as number);
        offset += vector.length;
      });
      return l2Normalise(joined);
    });
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    await this.load();
    return this.run(texts.map((t) => this.tokenize(t)));
  }

  /** The parts belong to the registry, which closes them; the joint holds only its gloss. */
  async close(): Promise<void> {
    this.warm = false;
    this.loading = undefined;
    this.gloss = undefined;
  }

  private load(): Promise<void> {
    this.loading ??= (async () => {
      await Promise.all(this.parts.filter((p) => !p.health()).map((p) => p.warmup()));
      this.gloss = await Gloss.load(this.dir);
    })().catch((error: unknown) => {
      this.loading = undefined;
      throw error;
    });
    return this.loading;
  }
}
