// Picks the language of a text for the tokenizer: by script for Chinese, Japanese and Russian, else by a vote of its words.
import type { LanguageLookup } from './language-lookup.js';

const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HAN = /\p{Script=Han}/u;
const CYRILLIC = /\p{Script=Cyrillic}/u;
const LATIN = /\p{Script=Latin}/u;

/**
 * The code of the language whose vocabulary knows most of the words (ties go to the default language, then
 * to the order of `languages`); undefined means the default language.
 */
export function routeLanguage(
  text: string,
  words: string[],
  defaultVocab: ReadonlyMap<string, number>,
  languages: readonly LanguageLookup[],
): LanguageLookup | undefined {
  const byScript = (script: string) => languages.find((l) => l.table.script === script);
  if (KANA.test(text)) return byScript('kana') ?? byScript('han');
  if (HAN.test(text)) return byScript('han') ?? byScript('kana');
  let cyrillic = 0;
  let latin = 0;
  for (const word of words) {
    if (CYRILLIC.test(word)) cyrillic++;
    else if (LATIN.test(word)) latin++;
  }
  if (cyrillic > latin) return byScript('cyrillic');
  let best: LanguageLookup | undefined;
  let bestHits = 0;
  for (const word of words) if (defaultVocab.has(word)) bestHits++;
  for (const language of languages) {
    if (language.table.script !== 'latin') continue;
    let hits = 0;
    for (const word of words) if (language.vocab.has(word)) hits++;
    if (hits > bestHits) {
      best = language;
      bestHits = hits;
    }
  }
  return best;
}
