// Texts for checking the converted USE-lite against its TF.js reference: the multilingual evaluation sentences (12
// languages, so unknown pieces, CJK and Cyrillic are covered) plus edge cases (case, digits, emoji, URLs, punctuation).
import { readFile } from 'node:fs/promises';

const EDGE_CASES = [
  'x',
  'OK',
  'THE APP CRASHES WHEN I OPEN SETTINGS!!!',
  'order #A-123456 was charged $49.99 twice on 2026-11-02',
  'great, another lost parcel 😡😡',
  'not bad at all :)',
  'see https://example.com/help?id=42 and mail support@example.com',
  'naïve café déjà vu — Ünïcödé, ﬁne ligatures ①②③',
  'é',
  '???',
  '   leading and trailing spaces   ',
  'tabs\tand\nnew lines',
  'email@example.com',
  'C++ / C# / F# developers',
  'i cant login, pls help asap',
  'refund refund refund refund refund',
  '¿Dónde está mi pedido?',
  'Ça ne marche pas.',
  'Привет! Как дела?',
  'お問い合わせありがとうございます',
  '我要退款',
  '안녕하세요',
  'مرحبا',
];

/** At least 500 distinct texts: every language of the evaluation sentences, their paraphrases, and the edge cases. */
export async function parityTexts(sentencesPath: string): Promise<string[]> {
  const items = JSON.parse(await readFile(sentencesPath, 'utf8')) as Array<Record<string, string>>;
  const texts = new Set<string>(EDGE_CASES);
  for (const item of items)
    for (const [key, text] of Object.entries(item)) if (key !== 'intent' && text.length > 0) texts.add(text);
  return [...texts];
}
