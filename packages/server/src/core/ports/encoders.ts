// Inference ports: the encoders the core embeds texts with, and language identification.

/** Whose texts these are: a serving encoder takes turns between workspaces, so one's large request cannot starve another's. */
export interface EmbedOptions {
  /** The workspace the texts are embedded for; absent: work of no workspace (they share one turn). */
  workspaceId?: number | undefined;
}

/** Turns texts into L2-normalised vectors. One instance per loaded encoder. */
export interface Encoder {
  readonly id: string;
  readonly dimension: number;
  embed(texts: string[], options?: EmbedOptions): Promise<Float32Array[]>;
  /**
   * Lengths a vector may be cut to (its prefix, L2-normalised again) and still embed the text: the full dimension and,
   * for a joint encoder, the end of each leading part. Absent: the full dimension only.
   */
  readonly prefixDimensions?: readonly number[];
  /** Tokens the encoder's tokenizer makes of each text, special tokens included (what a batch row of it costs). */
  countTokens?(texts: readonly string[]): Promise<number[]>;
  warmup(): Promise<void>;
  health(): boolean;
  /** Releases the encoder's runtime (its ONNX session). */
  close(): Promise<void>;
}

/** Identifies the language of a text: ISO 639-1 where one exists, else ISO 639-3, 'und' when unknown. */
export interface LanguageDetector {
  detect(text: string): string;
}

/** The encoders this process has loaded. */
export interface EncoderProvider {
  readonly defaultId: string;
  /** Throws when the encoder is unknown. */
  get(id: string): Encoder;
  /** The ids of the loaded encoders (none while they load). */
  ids?(): string[];
  /** True once every encoder is loaded and warm. */
  ready(): boolean;
  /** SHA-256 of the encoder's weights file, when known (exported models carry it; imports check it). */
  fingerprint?(id: string): string | null;
  /** Marks encoders as needed by a deployed model (awaited by readiness, never released when idle) and loads them. */
  keep?(ids: readonly string[]): Promise<void>;
}
