// Maps fastText lid.176 labels (mostly Wikipedia language codes) to ISO 639-1, else ISO 639-3.

/** lid.176 labels whose Wikipedia code is not the language's ISO code. */
const RENAMED: ReadonlyMap<string, string> = new Map([
  ['als', 'gsw'], // Alemannic Wikipedia; ISO 639-3 "als" is Tosk Albanian
  ['bh', 'bho'], // bh.wikipedia.org is written in Bhojpuri; "bh" (Bihari) was deprecated from ISO 639-1
  ['eml', 'egl'], // Emilian-Romagnol; ISO retired "eml" and split it into egl (Emilian) and rgn (Romagnol)
  ['sh', 'hbs'], // Serbo-Croatian: ISO 639-1 "sh" is deprecated, 639-3 macrolanguage "hbs"
]);

const LABEL_PREFIX = '__label__';

/** ISO 639-1 code where the language has one (lid.176 already uses those), else the ISO 639-3 code. */
export function isoFromFastTextLabel(label: string): string {
  const code = label.startsWith(LABEL_PREFIX) ? label.slice(LABEL_PREFIX.length) : label;
  return RENAMED.get(code) ?? code;
}
