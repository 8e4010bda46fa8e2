// The 404 for a path no endpoint serves: it names the method and path and, when the path is one slip from an endpoint
// (a singular collection, a misspelt word, the wrong version), the path meant.
import { HttpError } from '../errors/http-error.js';
import { contractPathTemplates } from '../contract/contract-document.js';

/** The most of a path a message repeats. */
const SHOWN_PATH_CHARS = 200;

/** Edit distance of two short words (insertions, deletions, substitutions), capped just above `limit`. */
function distance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[b.length]!;
}

/** A path word that is a slip of the endpoint's: singular / plural, another case, one or two letters off. */
function slipOf(word: string, meant: string): boolean {
  const a = word.toLowerCase();
  if (a === meant || a === `${meant}s` || `${a}s` === meant) return true;
  if (/^v[0-9]+$/.test(a) && /^v[0-9]+$/.test(meant)) return true;
  return meant.length >= 4 && distance(a, meant, 2) <= 2;
}

/** The path meant by `path`: the contract's template whose words it slips on the fewest, with the path's own ids. */
export function suggestPath(templates: readonly string[], path: string): string | undefined {
  const parts = path.replace(/\/+$/, '').split('/');
  let best: { path: string; slips: number; ids: number } | undefined;
  for (const template of templates) {
    const words = template.split('/');
    if (words.length !== parts.length) continue;
    let slips = 0;
    const meant: string[] = [];
    for (const [i, word] of words.entries()) {
      const part = parts[i]!;
      if (/^\{[^}]+\}$/.test(word) || word === part) meant.push(word.startsWith('{') ? part : word);
      else if (slipOf(part, word)) {
        slips += 1;
        meant.push(word);
      } else {
        slips = Infinity;
        break;
      }
    }
    // Fewest slips; then fewest ids (/v2/model/inference means /v2/models/inference, not a model named "inference").
    const ids = words.filter((w) => w.startsWith('{')).length;
    if (
      slips > 0 &&
      slips < Infinity &&
      (best === undefined || slips < best.slips || (slips === best.slips && ids < best.ids))
    )
      best = { path: meant.join('/'), slips, ids };
  }
  return best?.path;
}

/** Marks the 404 of a path no endpoint serves; the error handler words it for the request (unknownPathError). */
export class UnknownPathError extends HttpError {
  constructor() {
    super('NOT_FOUND', 'no endpoint matches this path; see /docs');
  }
}

/** `no endpoint matches GET /v2/model/3; did you mean /v2/models/3? See /docs`. */
export function unknownPathError(method: string, path: string): HttpError {
  const shown = path.length > SHOWN_PATH_CHARS ? `${path.slice(0, SHOWN_PATH_CHARS)}…` : path;
  const meant = path.length > SHOWN_PATH_CHARS ? undefined : suggestPath(contractPathTemplates(), path);
  return new HttpError(
    'NOT_FOUND',
    meant === undefined
      ? `no endpoint matches ${method} ${shown}; see /docs`
      : `no endpoint matches ${method} ${shown}; did you mean ${meant}? See /docs`,
  );
}
