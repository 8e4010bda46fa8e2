// Cuts a request's texts into slices of bounded length, so tokenising a large request gives the event loop turns between them.

/**
 * Characters of text tokenised between two turns of the event loop: a few milliseconds of tokenising (the default
 * encoder tokenises 200 texts of 4,400 characters in 1.6–4.6 s on 2 busy cores, all at once before this). A request of
 * short texts is one slice.
 */
export const SLICE_CHARACTERS = 16_384;

/** [from, to) index ranges over texts, each holding at most `characters` characters of text (or one longer text). */
export function textSlices(texts: readonly string[], characters = SLICE_CHARACTERS): Array<[number, number]> {
  const slices: Array<[number, number]> = [];
  let from = 0;
  let length = 0;
  for (let i = 0; i < texts.length; i++) {
    const next = (texts[i] as string).length;
    if (i > from && length + next > characters) {
      slices.push([from, i]);
      from = i;
      length = 0;
    }
    length += next;
  }
  if (texts.length > from) slices.push([from, texts.length]);
  return slices;
}

/** One turn of the event loop: I/O and timers that are due run first. */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
