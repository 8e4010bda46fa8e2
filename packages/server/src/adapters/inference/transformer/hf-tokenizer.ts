// tokenizer.json (Hugging Face tokenizers format: WordPiece, Unigram, BPE) via @huggingface/tokenizers, with windowing.
import { Tokenizer } from '@huggingface/tokenizers';
import { tokenWindows, type TokenWindow } from './token-windows.js';

const PROBE = 'probe';

function sameIds(a: readonly number[], b: readonly number[], at: number): boolean {
  return b.every((id, i) => a[at + i] === id);
}

/** Tokenises texts as a model's export says, and cuts long ones into windows of at most maxLength tokens. */
export class TextTokenizer {
  /** Special tokens the post-processor puts before and after a single text (e.g. [CLS] … [SEP], <s> … </s>). */
  readonly prefix: readonly number[];
  readonly suffix: readonly number[];
  readonly padId: number;
  private readonly tokenizer: Tokenizer;

  constructor(
    tokenizerJson: object,
    tokenizerConfig: object,
    readonly maxLength: number,
  ) {
    this.tokenizer = new Tokenizer(tokenizerJson, tokenizerConfig);
    const full = this.tokenizer.encode(PROBE).ids;
    const content = this.tokenizer.encode(PROBE, { add_special_tokens: false }).ids;
    let at = 0;
    while (at + content.length <= full.length && !sameIds(full, content, at)) at++;
    if (at + content.length > full.length)
      throw new Error('tokenizer post-processor does not keep the text tokens in one run');
    this.prefix = full.slice(0, at);
    this.suffix = full.slice(at + content.length);
    this.padId = this.padTokenId(tokenizerJson, tokenizerConfig);
  }

  /** Token ids of the text without special tokens. */
  contentIds(text: string): number[] {
    return this.tokenizer.encode(text, { add_special_tokens: false }).ids;
  }

  /** Token strings with special tokens (for tests and debugging). */
  tokens(text: string): string[] {
    return this.tokenizer.encode(text).tokens;
  }

  /** The model inputs for text: one window, or overlapping windows (stride half a window) when it is too long. */
  windows(text: string): TokenWindow[] {
    return tokenWindows(this.contentIds(text), { prefix: this.prefix, suffix: this.suffix, maxLength: this.maxLength });
  }

  private padTokenId(tokenizerJson: object, tokenizerConfig: object): number {
    const fromPadding = (tokenizerJson as { padding?: { pad_id?: unknown } | null }).padding?.pad_id;
    if (typeof fromPadding === 'number') return fromPadding;
    const padToken = (tokenizerConfig as { pad_token?: unknown }).pad_token;
    const name = typeof padToken === 'string' ? padToken : (padToken as { content?: string } | undefined)?.content;
    return (name === undefined ? undefined : this.tokenizer.token_to_id(name)) ?? 0;
  }
}
