// The UTF-8 words of the word table: written, compared and hashed (as UTF-16 code units) without decoding copies.

/** Whether `word` is the UTF-8 of chars[start, end), compared as it is read (no encoding of the word first). */
export function sameWord(word: string, chars: Uint8Array, start: number, end: number): boolean {
  let p = start;
  const length = word.length;
  for (let i = 0; i < length; i++) {
    let c = word.charCodeAt(i);
    if (c < 0x80) {
      if (chars[p++] !== c) return false;
      continue;
    }
    if (c < 0x800) {
      if (chars[p] !== (0xc0 | (c >> 6)) || chars[p + 1] !== (0x80 | (c & 0x3f))) return false;
      p += 2;
      continue;
    }
    const next = i + 1 < length ? word.charCodeAt(i + 1) : 0;
    if (c >= 0xd800 && c < 0xdc00 && next >= 0xdc00 && next < 0xe000) {
      c = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
      i++;
      if (
        chars[p] !== (0xf0 | (c >> 18)) ||
        chars[p + 1] !== (0x80 | ((c >> 12) & 0x3f)) ||
        chars[p + 2] !== (0x80 | ((c >> 6) & 0x3f)) ||
        chars[p + 3] !== (0x80 | (c & 0x3f))
      )
        return false;
      p += 4;
      continue;
    }
    if (
      chars[p] !== (0xe0 | (c >> 12)) ||
      chars[p + 1] !== (0x80 | ((c >> 6) & 0x3f)) ||
      chars[p + 2] !== (0x80 | (c & 0x3f))
    )
      return false;
    p += 3;
  }
  return p === end;
}

/** Appends the UTF-8 of word at chars[at] (see WordTableParts.records); returns the end. Bytes: utf8Length(word). */
export function writeUtf8(word: string, chars: Uint8Array, at: number): number {
  const length = word.length;
  for (let i = 0; i < length; i++) {
    let c = word.charCodeAt(i);
    if (c < 0x80) chars[at++] = c;
    else if (c < 0x800) {
      chars[at++] = 0xc0 | (c >> 6);
      chars[at++] = 0x80 | (c & 0x3f);
    } else {
      const next = i + 1 < length ? word.charCodeAt(i + 1) : 0;
      if (c >= 0xd800 && c < 0xdc00 && next >= 0xdc00 && next < 0xe000) {
        c = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
        i++;
        chars[at++] = 0xf0 | (c >> 18);
        chars[at++] = 0x80 | ((c >> 12) & 0x3f);
      } else chars[at++] = 0xe0 | (c >> 12);
      chars[at++] = 0x80 | ((c >> 6) & 0x3f);
      chars[at++] = 0x80 | (c & 0x3f);
    }
  }
  return at;
}

/** The bytes writeUtf8 writes for word. */
export function utf8Length(word: string): number {
  let bytes = 0;
  const length = word.length;
  for (let i = 0; i < length; i++) {
    const c = word.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c < 0xdc00 && i + 1 < length && (word.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * FNV-1a's last state mixed (murmur3's finalizer): every bit of the result depends on every code unit, so the slot
 * position (high bits) and the fingerprint (low bits) of word-records.ts are independent of each other.
 */
function finish(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The hash of a word: FNV-1a over its UTF-16 code units, mixed. */
export function hashWord(word: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 0x01000193);
  return finish(h);
}

/** hashWord of the word whose UTF-8 is chars[start, end), computed from the bytes (no string decoded). */
export function hashUtf8(chars: Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end;) {
    const b = chars[i] as number;
    if (b < 0x80) {
      h = Math.imul(h ^ b, 0x01000193);
      i += 1;
    } else if (b < 0xe0) {
      h = Math.imul(h ^ (((b & 0x1f) << 6) | ((chars[i + 1] as number) & 0x3f)), 0x01000193);
      i += 2;
    } else if (b < 0xf0) {
      const unit = ((b & 0x0f) << 12) | (((chars[i + 1] as number) & 0x3f) << 6) | ((chars[i + 2] as number) & 0x3f);
      h = Math.imul(h ^ unit, 0x01000193);
      i += 3;
    } else {
      const point =
        (((b & 0x07) << 18) |
          (((chars[i + 1] as number) & 0x3f) << 12) |
          (((chars[i + 2] as number) & 0x3f) << 6) |
          ((chars[i + 3] as number) & 0x3f)) -
        0x10000;
      h = Math.imul(h ^ (0xd800 + (point >> 10)), 0x01000193);
      h = Math.imul(h ^ (0xdc00 + (point & 0x3ff)), 0x01000193);
      i += 4;
    }
  }
  return finish(h);
}
