// The one rule on text the service keeps: no U+0000 and no unpaired UTF-16 surrogate (PostgreSQL stores neither).

const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** False when the text holds U+0000 or an unpaired UTF-16 surrogate. */
export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}
