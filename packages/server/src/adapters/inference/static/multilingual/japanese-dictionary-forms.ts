// Dictionary forms a conjugated Japanese word may come from (届き → 届く, 預け → 預ける, 入っ → 入る, 遅く → 遅い).

/** The u-row kana of a godan verb ending, by the kana its other forms put in its place (き, か, け → く). */
const GODAN_ENDING: ReadonlyMap<string, string> = new Map(
  [
    'かきけこく',
    'がぎげごぐ',
    'さしせそす',
    'たちてとつ',
    'なにねのぬ',
    'ばびべぼぶ',
    'まみめもむ',
    'らりれろる',
    'わいえおう',
  ].flatMap((row) => [...row].map((kana): [string, string] => [kana, row.at(-1) as string])),
);
/** Euphonic forms before て/た: 書い(て) → 書く, 泳い(で) → 泳ぐ, 入っ(て) → 入る, 読ん(で) → 読む. */
const EUPHONIC: ReadonlyMap<string, readonly string[]> = new Map([
  ['い', ['く', 'ぐ']],
  ['っ', ['る', 'う', 'つ']],
  ['ん', ['む', 'ぶ', 'ぬ']],
]);
/** Adjective forms: 遅く, 高かっ(た), 良けれ(ば) → 遅い, 高い, 良い. */
const ADJECTIVE = new Set(['く', 'か', 'け']);
const SPLIT = /^(.*\p{Script=Han})(\p{Script=Hiragana})\p{Script=Hiragana}*$/u;

/**
 * Candidate dictionary forms of a word written as kanji followed by kana, most likely first: an ichidan verb
 * (kanji + first kana + る), a godan verb (first kana moved to the u row, or a euphonic form undone), an adjective
 * (kanji + い). Empty for a word that does not end in kana after a kanji.
 */
export function japaneseDictionaryForms(word: string): string[] {
  const match = SPLIT.exec(word);
  if (!match) return [];
  const stem = match[1] as string;
  const kana = match[2] as string;
  const forms = [`${stem}${kana}る`];
  const godan = GODAN_ENDING.get(kana);
  if (godan !== undefined && godan !== kana) forms.push(`${stem}${godan}`);
  for (const ending of EUPHONIC.get(kana) ?? []) forms.push(`${stem}${ending}`);
  if (ADJECTIVE.has(kana)) forms.push(`${stem}い`);
  return forms;
}
