// English negation folded into words before the neural part reads a text: "not bad at all" → "good", "doesn't work" →
// "fails". Small sentence encoders (and any average of word vectors) place "not X" next to X; an antonym does not.
import { NEGATED_WORDS } from './negated-words.js';

/** Words that negate what follows (after apostrophe normalisation; "n't" is split off its verb). */
const NEGATORS = new Set(['not', "n't", 'never', 'no', 'hardly', 'nothing']);
/** Words that may stand between a negator and the word it negates: "not at all bad", "not really good". */
const BETWEEN = new Set([
  'at',
  'all',
  'really',
  'very',
  'too',
  'so',
  'that',
  'quite',
  'particularly',
  'exactly',
  'even',
  'be',
  'been',
  'being',
  'is',
  'are',
  'was',
  'were',
  'it',
  'a',
  'an',
  'the',
  'any',
  'much',
  'remotely',
  'overly',
  'always',
  'yet',
]);
const MAX_BETWEEN = 3;
/** Auxiliaries written together with "n't" whose stem is not the word minus "n't". */
const CONTRACTED: ReadonlyMap<string, string> = new Map([
  ["won't", 'will'],
  ["can't", 'can'],
  ["shan't", 'shall'],
  ["ain't", 'is'],
]);

/** Tokens to skip after a folded word when an intensifying "at all" follows it ("not bad at all" → "good"). */
function atAllAfter(tokens: readonly string[], from: number): number {
  const rest = tokens.slice(from, from + 4).map((t) => t.toLowerCase());
  return rest[0]?.trim() === '' && rest[1] === 'at' && rest[2]?.trim() === '' && rest[3] === 'all' ? 4 : 0;
}

function splitContraction(token: string): string[] {
  const lower = token.toLowerCase();
  const stem = CONTRACTED.get(lower);
  if (stem !== undefined) return [stem, "n't"];
  if (lower.endsWith("n't") && lower.length > 3) return [token.slice(0, -3), "n't"];
  if (lower === 'cannot') return ['can', 'not'];
  return [token];
}

/**
 * Where a negator may stand: a word of NEGATORS between the split's separators (any case), or a word ending in "n't"
 * (any apostrophe), or "cannot". It finds every text the token walk would fold and more, so a text it misses (most
 * texts) skips the walk's split and allocations.
 */
const MAY_NEGATE =
  /(?:^|[\s.,!?;:()"])(?:not|never|no|hardly|nothing|cannot)(?=$|[\s.,!?;:()"])|n['\u2019\u02BC]t(?=$|[\s.,!?;:()"])/iu;

/** Whether `text` may hold a negator (false: foldNegation() leaves it alone). */
export function mayNegate(text: string): boolean {
  return MAY_NEGATE.test(text);
}

/** The text with each negated polar word replaced by its opposite (the negator and the words between dropped); undefined when nothing was negated. */
export function foldNegation(text: string): string | undefined {
  return mayNegate(text) ? foldTokens(text) : undefined;
}

/** foldNegation() without the quick check: the token walk over every text (tests compare the two). */
export function foldTokens(text: string): string | undefined {
  let folded = false;
  const tokens = text
    .replace(/[\u2019\u02BC]/g, "'")
    .split(/(\s+|[.,!?;:()"]+)/u)
    .flatMap(splitContraction);
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as string;
    if (!NEGATORS.has(token.toLowerCase())) {
      out.push(token);
      continue;
    }
    let j = i + 1;
    let words = 0;
    let replaced = false;
    while (j < tokens.length && words <= MAX_BETWEEN) {
      const next = (tokens[j] as string).toLowerCase();
      if (/^\s*$/.test(next)) {
        j++;
        continue;
      }
      const opposite = NEGATED_WORDS.get(next);
      if (opposite !== undefined) {
        const last = out[out.length - 1];
        out.push(last !== undefined && !/\s$/.test(last) ? ` ${opposite}` : opposite);
        folded = true;
        replaced = true;
        i = j + atAllAfter(tokens, j + 1);
        break;
      }
      if (!BETWEEN.has(next)) break;
      words++;
      j++;
    }
    if (!replaced) out.push(token);
  }
  return folded ? out.join('').replace(/\s+/g, ' ').trim() : undefined;
}
