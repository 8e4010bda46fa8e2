// Language of a short text: script rules, then lid.176's probabilities weighed with each covered language's word evidence.
import { hanLanguage, hasNonRussianCyrillic, textScript } from './language-id-script.js';
import { COVERED_LANGUAGES, textWords, type CoveredWords, type WordClaim } from './language-id-words.js';

/** One lid.176 answer: an ISO code and its probability. */
export interface LanguageProbability {
  language: string;
  probability: number;
}

/** A language with its confidence (for script rules 1, else the share of exp(score) among the candidates). */
export interface ShortTextGuess {
  language: string;
  confidence: number;
}

// Weights measured on fixtures/language-id-short.json (tuned on half of it, checked on the other half).
/** Evidence a word gives a language whose function-word table holds it… */
const FUNCTION_WORD = 2;
/** …or whose word list holds it (as written, unaccented, by its stem, or as a compound of two words). */
const KNOWN_WORD = 1;
/** Log-odds per unit of evidence; a word's evidence is shared among the languages that claim it. */
const EVIDENCE_WEIGHT = 3;
/** Log-odds against a language per word that other covered languages know and it does not. */
const MISSING_WORD = 1;
/** Added to lid.176's probability before its log, so a language lid.176 all but rules out can still win on words. */
const PROBABILITY_FLOOR = 0.003;
/** An uncovered language lid.176 gives less than this yields to a covered one that knows most of the words… */
const UNSURE = 0.5;
/** …and one it gives less than this to a covered one that knows every word, is among lid.176's answers, and outscores it. */
const SURE = 0.9;
const CYRILLIC_SURE = 0.5;

const RUSSIAN = COVERED_LANGUAGES.indexOf('ru');

const popcount = (bits: number) => {
  let n = 0;
  for (let b = bits; b !== 0; b &= b - 1) n++;
  return n;
};

interface Evidence {
  /** Per covered language: its evidence score, and how many words it knows. */
  score: Float64Array;
  knows: Uint8Array;
  /** Words at least one covered language knows. */
  informative: number;
  words: number;
}

function evidence(claims: readonly WordClaim[]): Evidence {
  const n = COVERED_LANGUAGES.length;
  const score = new Float64Array(n);
  const knows = new Uint8Array(n);
  let informative = 0;
  for (const claim of claims) {
    const claimants = popcount(claim.function | claim.known);
    if (claimants === 0) continue;
    informative++;
    for (let i = 0; i < n; i++) {
      const bit = 1 << i;
      const weight = claim.function & bit ? FUNCTION_WORD : claim.known & bit ? KNOWN_WORD : 0;
      if (weight === 0) continue;
      score[i] = (score[i] as number) + weight / claimants;
      knows[i] = (knows[i] as number) + 1;
    }
  }
  return { score, knows, informative, words: claims.length };
}

export class ShortTextLanguage {
  constructor(private readonly words: CoveredWords) {}

  /**
   * @param line the text, whitespace collapsed
   * @param lid lid.176's most probable languages (ISO codes), best first; asked only for Latin and Cyrillic text
   * @returns undefined where lid.176's own answer stands
   */
  guess(line: string, lid: () => readonly LanguageProbability[]): ShortTextGuess | undefined {
    const script = textScript(line);
    if (script === 'kana') return { language: 'ja', confidence: 1 };
    if (script === 'han') return { language: hanLanguage(line, this.words), confidence: 1 };
    if (script === 'latin') return this.byWords(line, lid());
    if (script === 'cyrillic') return this.cyrillic(line, lid());
    return undefined;
  }

  /** Russian, the one covered Cyrillic language, unless the letters or a sure lid.176 with unknown words say otherwise. */
  private cyrillic(line: string, lid: readonly LanguageProbability[]): ShortTextGuess | undefined {
    const top = lid[0];
    if (top?.language === 'ru' || hasNonRussianCyrillic(line)) return undefined;
    if (top && top.probability >= CYRILLIC_SURE) {
      const found = evidence(this.words.claims(textWords(line)));
      if ((found.knows[RUSSIAN] as number) < found.words) return undefined;
    }
    return { language: 'ru', confidence: 1 };
  }

  /** lid.176's log-probabilities plus word evidence, over the covered languages (and lid.176's top one). */
  private byWords(line: string, lid: readonly LanguageProbability[]): ShortTextGuess | undefined {
    const found = evidence(this.words.claims(textWords(line)));
    const top = lid[0];
    if (!top || found.informative === 0) return undefined;
    const probability = new Map(lid.map((p) => [p.language, p.probability]));
    const scores = COVERED_LANGUAGES.map(
      (code, i) =>
        Math.log((probability.get(code) ?? 0) + PROBABILITY_FLOOR) +
        EVIDENCE_WEIGHT * (found.score[i] as number) -
        MISSING_WORD * (found.informative - (found.knows[i] as number)),
    );
    let best = 0;
    for (let i = 1; i < scores.length; i++) if ((scores[i] as number) > (scores[best] as number)) best = i;
    const knows = found.knows[best] as number;
    if (knows === 0) return undefined;
    const covered = COVERED_LANGUAGES.includes(top.language);
    const topScore = Math.log(top.probability + PROBABILITY_FLOOR);
    const bestScore = scores[best] as number;
    const wins =
      covered ||
      (top.probability < UNSURE && knows * 2 > found.words) ||
      (top.probability < SURE &&
        knows === found.words &&
        probability.has(COVERED_LANGUAGES[best] as string) &&
        bestScore >= topScore);
    if (!wins) return undefined;
    let total = 0;
    for (const score of scores) total += Math.exp(score - bestScore);
    if (!covered) total += Math.exp(topScore - bestScore);
    return { language: COVERED_LANGUAGES[best] as string, confidence: 1 / total };
  }
}
