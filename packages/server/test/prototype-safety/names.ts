// The words a property test sends everywhere a customer's text goes: every name Object.prototype (and what a lookup
// may reach beyond it) answers to, in several spellings, and a small dictionary of ordinary words in several languages,
// alone and inside sentences of those languages.

/** Every own name of Object.prototype, the names a function or an array answers to, and those lookups often hit. */
export const PROTOTYPE_NAMES: readonly string[] = [
  ...new Set([
    ...Object.getOwnPropertyNames(Object.prototype),
    ...Object.getOwnPropertyNames(Function.prototype),
    '__proto__',
    'prototype',
    'constructor',
    'toString',
    'valueOf',
    'hasOwnProperty',
    'isPrototypeOf',
    'propertyIsEnumerable',
    'toLocaleString',
    'toJSON',
    'then',
    'length',
    'size',
    'get',
    'set',
    'has',
  ]),
];

/** The same names as a table keyed by lower-cased or upper-cased words finds them. */
export const PROTOTYPE_SPELLINGS: readonly string[] = [
  ...new Set(PROTOTYPE_NAMES.flatMap((name) => [name, name.toLowerCase(), name.toUpperCase(), capitalised(name)])),
];

function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** Ordinary words of the languages the encoders read. */
export const ORDINARY_WORDS: readonly string[] = [
  'refund',
  'parcel',
  'password',
  'broken',
  'not',
  "isn't",
  'Rechnung',
  'Paket',
  'Konstruktor',
  'facture',
  'colis',
  'constructeur',
  'reembolso',
  'paquete',
  'constructor',
  'rimborso',
  'pacco',
  'terugbetaling',
  'pakket',
  'zwrot',
  'посылка',
  'конструктор',
  '返金',
  '荷物',
  '构造函数',
  '退款',
  'استرداد',
  'iade',
];

/** Sentences of several languages with a slot for one word; each holds a negator before it, the case negation reads. */
export const SENTENCES: readonly string[] = [
  'the {} is broken',
  'not {} at all, not bad',
  "the {} isn't good and {}n't works",
  'My {} never arrived. Where is my {}?',
  'Der {} ist nicht gut, ich will mein Geld zurück.',
  "Le {} n'est pas arrivé, je veux un remboursement.",
  'El {} no funciona, quiero un reembolso.',
  'Il {} non è arrivato.',
  'Мой {} не работает.',
  '{}が壊れました。返金してください。',
  '我的{}坏了，请退款。',
  '{}',
];

const fill = (sentence: string, word: string) => sentence.replaceAll('{}', word);

/** Every name alone and in every sentence, then every ordinary word in every sentence: no text twice. */
export function hostileTexts(): string[] {
  const names = PROTOTYPE_SPELLINGS.map((name) => name);
  const inSentences = PROTOTYPE_NAMES.flatMap((name) => SENTENCES.map((s) => fill(s, name)));
  const words = ORDINARY_WORDS.flatMap((word) => SENTENCES.map((s) => fill(s, word)));
  const all = `${PROTOTYPE_NAMES.join(' ')} ${ORDINARY_WORDS.join(' ')}`;
  return [...new Set([...names, ...inSentences, ...words, all])];
}

/** `items` in consecutive runs of at most `size`. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
