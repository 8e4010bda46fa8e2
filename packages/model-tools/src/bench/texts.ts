// Distinct, deterministic support-ticket-like texts of a chosen word count, so no request repeats another's text.
import { seededRandom as random } from '@textclass/server/core';

const WORDS = (
  'account billing charge refund payment invoice subscription plan cancel upgrade password login reset email phone ' +
  'delivery parcel shipping address order product app website page dashboard report export upload download file ' +
  'error crash slow broken missing late wrong twice yesterday today morning week month support agent manager team ' +
  'customer service please help thanks urgent question problem issue again still never always every since after ' +
  'before because while when where which would could should cannot really quite very much many more less card ' +
  'bank transfer receipt discount coupon price tax country language setting notification message chat call meeting'
).split(' ');

/**
 * count distinct texts, each grown word by word until `tokens(text)` reaches `target` (so lengths are nearly equal
 * and batches carry little padding); text i is the same in every run for the same seed and tokenizer.
 */
export function makeTexts(count: number, target: number, tokens: (text: string) => number, seed = 7): string[] {
  const next = random(seed);
  const seen = new Set<string>();
  const texts: string[] = [];
  while (texts.length < count) {
    const words: string[] = [];
    let text = '';
    while (words.length < 4 * target && (text === '' || tokens(text) < target)) {
      words.push(WORDS[Math.floor(next() * WORDS.length)] as string);
      text = words.join(' ');
    }
    if (seen.has(text)) continue;
    seen.add(text);
    texts.push(text);
  }
  return texts;
}
