// Inference ports: the encoders the core embeds texts with, and language identification.

/** Turns texts into L2-normalised vectors. One instance per loaded encoder. */
export interface Encoder {
  readonly id: string;
  readonly dimension: number;
  embed(texts: string[]): Promise<Float32Array[]>;
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
  /** True once every encoder is loaded and warm. */
  ready(): boolean;
  /** SHA-256 of the encoder's weights file, when known (exported models carry it; imports check it). */
  fingerprint?(id: string): string | null;
}
