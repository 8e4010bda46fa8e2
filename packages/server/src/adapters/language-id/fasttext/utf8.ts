// UTF-8 encoding into a caller's buffer without allocating, byte for byte as TextEncoder (a lone surrogate becomes U+FFFD).

/** Writes the UTF-8 of `text` into `out` from `at` (room for 3 bytes per UTF-16 unit is the caller's); returns the end. */
export function encodeUtf8Into(text: string, out: Uint8Array, at: number): number {
  let o = at;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c < 0x80) {
      out[o++] = c;
      continue;
    }
    if (c < 0x800) {
      out[o++] = 0xc0 | (c >> 6);
      out[o++] = 0x80 | (c & 0x3f);
      continue;
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      const next = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
        i++;
        out[o++] = 0xf0 | (c >> 18);
        out[o++] = 0x80 | ((c >> 12) & 0x3f);
        out[o++] = 0x80 | ((c >> 6) & 0x3f);
        out[o++] = 0x80 | (c & 0x3f);
        continue;
      }
      c = 0xfffd;
    }
    out[o++] = 0xe0 | (c >> 12);
    out[o++] = 0x80 | ((c >> 6) & 0x3f);
    out[o++] = 0x80 | (c & 0x3f);
  }
  return o;
}
