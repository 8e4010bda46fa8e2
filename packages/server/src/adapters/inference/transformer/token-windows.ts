// Splits a long token sequence into overlapping windows that each fit the model, so long texts are read whole.

/** One model input: special tokens around a slice of the text's tokens; weight = how many text tokens it holds. */
export interface TokenWindow {
  ids: number[];
  weight: number;
}

export interface WindowSpec {
  /** Special tokens before the text (e.g. [CLS]) and after it (e.g. [SEP]). */
  prefix: readonly number[];
  suffix: readonly number[];
  /** Most tokens one model input may hold, special tokens included. */
  maxLength: number;
  /** Text tokens between window starts; default half a window. */
  stride?: number;
}

/**
 * Windows over content: one when it fits, else windows of (maxLength − specials) text tokens starting every
 * `stride` tokens, the last one ending at the text's end. An empty text gives one window of special tokens only.
 */
export function tokenWindows(content: readonly number[], spec: WindowSpec): TokenWindow[] {
  const room = spec.maxLength - spec.prefix.length - spec.suffix.length;
  if (room < 1) throw new Error(`maxLength ${spec.maxLength} leaves no room for text between the special tokens`);
  const wrap = (slice: readonly number[]): TokenWindow => ({
    ids: [...spec.prefix, ...slice, ...spec.suffix],
    weight: Math.max(1, slice.length),
  });
  if (content.length <= room) return [wrap(content)];
  const stride = Math.max(1, Math.min(room, spec.stride ?? Math.floor(room / 2)));
  const windows: TokenWindow[] = [];
  for (let start = 0; ; start += stride) {
    const end = Math.min(content.length, start + room);
    windows.push(wrap(content.slice(end - room, end)));
    if (end >= content.length) break;
  }
  return windows;
}
