// Maps a chat answer to probabilities over a model's labels: from token log-probabilities when the endpoint gives them, else from the label named.
//
// The scheme, in order:
// 1. The label named: markdown fences are stripped; a JSON object's "label" string is read (also from a JSON object
//    embedded in prose, or a `"label": "…"` pair in broken JSON), else the bare answer without quotes and trailing
//    punctuation. It is matched to a label exactly, then ignoring case, then also ignoring spaces, "_" and "-"
//    (a match must be unique).
// 2. With log-probabilities: the tokens of the label value (after `"label": "`) are walked along the answer. At each
//    position, every alternative token that keeps the value a prefix of some labels gives its probability (times the
//    probability of the path so far) to those labels, split evenly when several labels share it; the chosen token
//    narrows the labels and the walk stops once one label is left or the value is closed. The masses are renormalised
//    over the labels (tokens that fit no label, e.g. ones a constrained decoder would forbid, drop out). Used when it
//    gives the named label a share.
// 3. Without usable log-probabilities: the named label gets `answerConfidence` (0.9 unless configured) and the others
//    share the rest evenly. Such an answer carries no measure of the model's uncertainty; a one-hot row would claim a
//    certainty the model never expressed, while 0.9 says "the model's pick" and still leaves thresholds room to flag it.
//    A model with a single label gets [1].
// 4. An answer that names no label: a uniform row, with source 'unmatched' so the caller can count it; never an error.
import type { ChatAnswer, TokenAlternative, TokenLogprob } from '../ports/chat.js';

export type AnswerSource = 'logprobs' | 'answer' | 'unmatched';

export interface ParsedAnswer {
  /** One probability per label, in label order, summing to 1. */
  probabilities: number[];
  /** The label the answer named, or null when it named none. */
  label: string | null;
  source: AnswerSource;
}

export const DEFAULT_ANSWER_CONFIDENCE = 0.9;

function tryJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The strings an answer may name its label with, most explicit first. */
function namedValues(content: string): string[] {
  let text = content.trim();
  const fenced = /```[A-Za-z]*\s*([\s\S]*?)```/.exec(text);
  if (fenced?.[1] !== undefined) text = fenced[1].trim();
  const values: string[] = [];
  const embedded = /\{[\s\S]*\}/.exec(text)?.[0];
  for (const candidate of [text, embedded]) {
    if (candidate === undefined) continue;
    const parsed = tryJson(candidate);
    if (typeof parsed === 'string') values.push(parsed);
    if (typeof parsed === 'object' && parsed !== null && typeof (parsed as { label?: unknown }).label === 'string') {
      values.push((parsed as { label: string }).label);
    }
  }
  const pair = /"label"\s*:\s*"([^"]*)"/i.exec(text)?.[1];
  if (pair !== undefined) values.push(pair);
  values.push(text.replace(/^[\s"'`*]+/, '').replace(/[\s"'`*.!]+$/, ''));
  return values;
}

const loose = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');

function uniqueIndex(labels: string[], value: string, key: (s: string) => string): number {
  const wanted = key(value);
  const hits = labels.flatMap((label, i) => (key(label) === wanted ? [i] : []));
  return hits.length === 1 ? (hits[0] ?? -1) : -1;
}

function matchLabel(value: string, labels: string[]): number {
  const exact = labels.indexOf(value);
  if (exact >= 0) return exact;
  const caseless = uniqueIndex(labels, value, (s) => s.trim().toLowerCase());
  return caseless >= 0 ? caseless : uniqueIndex(labels, value, loose);
}

/** The index of the label an answer names, or -1. */
export function namedLabelIndex(content: string, labels: string[]): number {
  for (const value of namedValues(content)) {
    if (value.trim() === '') continue;
    const index = matchLabel(value, labels);
    if (index >= 0) return index;
  }
  return -1;
}

const VALUE_START = /"label"\s*:\s*"/;

/** Labels (indices into `escaped`) among `candidates` whose value is consistent with `consumed` followed by `rest`. */
function consistentLabels(candidates: number[], escaped: string[], consumed: string, rest: string): number[] {
  if (rest === '') return [];
  const quote = rest.indexOf('"');
  if (quote >= 0) {
    const value = consumed + rest.slice(0, quote);
    return candidates.filter((c) => escaped[c] === value);
  }
  const prefix = consumed + rest;
  return candidates.filter((c) => escaped[c]?.startsWith(prefix) === true);
}

function distinctAlternatives(top: TokenAlternative[]): TokenAlternative[] {
  const byToken = new Map<string, TokenAlternative>();
  for (const alt of top) if (!byToken.has(alt.token)) byToken.set(alt.token, alt);
  return [...byToken.values()];
}

/** The distribution over labels read from the log-probabilities of the label value's tokens, or null when they do not cover it. */
export function labelDistributionFromLogprobs(tokens: TokenLogprob[], labels: string[]): number[] | null {
  const text = tokens.map((t) => t.token).join('');
  const start = VALUE_START.exec(text);
  if (!start) return null;
  const valueStart = start.index + start[0].length;
  const escaped = labels.map((l) => JSON.stringify(l).slice(1, -1));
  const scores = labels.map(() => 0);
  let i = 0;
  let offset = 0;
  while (i < tokens.length && offset + (tokens[i]?.token.length ?? 0) <= valueStart) {
    offset += tokens[i]?.token.length ?? 0;
    i += 1;
  }
  let leading = text.slice(offset, valueStart);
  let consumed = '';
  let candidates = labels.map((_, index) => index);
  let mass = 1;
  for (; i < tokens.length && candidates.length > 0; i += 1) {
    const chosen = tokens[i] as TokenLogprob;
    if (!chosen.token.startsWith(leading)) return null;
    for (const alt of distinctAlternatives(chosen.top)) {
      if (alt.token === chosen.token || !alt.token.startsWith(leading)) continue;
      const fits = consistentLabels(candidates, escaped, consumed, alt.token.slice(leading.length));
      for (const f of fits) scores[f] = (scores[f] ?? 0) + (mass * Math.exp(alt.logprob)) / fits.length;
    }
    const rest = chosen.token.slice(leading.length);
    candidates = consistentLabels(candidates, escaped, consumed, rest);
    mass *= Math.exp(chosen.logprob);
    const closed = rest.includes('"');
    consumed += closed ? rest.slice(0, rest.indexOf('"')) : rest;
    leading = '';
    if (closed || candidates.length === 1) break;
  }
  for (const c of candidates) scores[c] = (scores[c] ?? 0) + mass / candidates.length;
  const total = scores.reduce((a, b) => a + b, 0);
  if (!(total > 0) || !Number.isFinite(total)) return null;
  return scores.map((s) => s / total);
}

/** The named label at `confidence`, the rest shared evenly by the other labels. */
export function answerRow(labelCount: number, index: number, confidence: number): number[] {
  if (labelCount === 1) return [1];
  const rest = (1 - confidence) / (labelCount - 1);
  return Array.from({ length: labelCount }, (_, i) => (i === index ? confidence : rest));
}

export function parseAnswer(
  answer: ChatAnswer,
  labels: string[],
  answerConfidence = DEFAULT_ANSWER_CONFIDENCE,
): ParsedAnswer {
  const index = namedLabelIndex(answer.content, labels);
  if (index < 0) return { probabilities: labels.map(() => 1 / labels.length), label: null, source: 'unmatched' };
  const label = labels[index] ?? null;
  if (answer.tokenLogprobs && answer.tokenLogprobs.length > 0) {
    const row = labelDistributionFromLogprobs(answer.tokenLogprobs, labels);
    if (row !== null && (row[index] ?? 0) > 0) return { probabilities: row, label, source: 'logprobs' };
  }
  return { probabilities: answerRow(labels.length, index, answerConfidence), label, source: 'answer' };
}
