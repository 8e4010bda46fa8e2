// A word without its accents (NFD, combining marks dropped, NFC again): café → cafe.
const MARKS = /\p{M}+/gu;

export function withoutAccents(word: string): string {
  return word.normalize('NFD').replace(MARKS, '').normalize('NFC');
}
