// The model of one loaded encoder as two stages: tokenise a text, run a batch of tokenised texts (session → pooling → normalise).

/** One text after tokenisation: what the batching queue carries and the model runs. */
export interface TokenizedText {
  /** Padded tokens one batch row of this text costs: its longest model input, special tokens included (at least 1). */
  readonly tokens: number;
  /**
   * Tokens the model reads for this text over all its inputs (every window of a long text): what the text adds to a
   * batch's run time, which the queue's token budget bounds. Absent: `tokens`.
   */
  readonly work?: number;
}

/**
 * What the serving stack drives: each text is tokenised once on the request path, then the queue hands batches of
 * the entries to run(). E is the encoder kind's own entry (the ids of its windows); only tokenize() makes one.
 */
export interface EncoderModel<E extends TokenizedText = TokenizedText> {
  readonly id: string;
  readonly dimension: number;
  /** Lengths a vector may be cut to and still embed the text (a joint encoder's part ends); absent: the full one. */
  readonly prefixDimensions?: readonly number[];
  /** Synchronous. A static encoder reads its tokenizer on warmup(), and throws here until then. */
  tokenize(text: string): E;
  /** One L2-normalised vector per entry, in order; a text of several windows gets their mean weighted by token count. */
  run(entries: readonly E[]): Promise<Float32Array[]>;
  /** Loads the model and runs it once. */
  warmup(): Promise<void>;
  /** True once warm. */
  health(): boolean;
  /** Releases the ONNX session. */
  close(): Promise<void>;
}
