// The labelled evaluation sets under eval/sets/: JSON Lines of {text, label, lang} plus label descriptions for zero-shot.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LabelDefinition } from '@textclass/server/core';

export interface LabelledText {
  text: string;
  label: string;
  lang: string;
}

export interface EvalSet {
  /** The task's name, e.g. "support-intents". */
  name: string;
  labels: LabelDefinition[];
  rows: LabelledText[];
}

function parseRow(line: string, where: string, labelNames: Set<string>): LabelledText {
  const row = JSON.parse(line) as Partial<LabelledText>;
  if (typeof row.text !== 'string' || typeof row.label !== 'string' || typeof row.lang !== 'string')
    throw new Error(`${where}: needs string text, label and lang`);
  if (!labelNames.has(row.label)) throw new Error(`${where}: label "${row.label}" has no description`);
  return { text: row.text, label: row.label, lang: row.lang };
}

/** Reads <dir>/<name>.jsonl and <dir>/<name>.labels.json; throws on a row whose label is not described. */
export function readEvalSet(dir: string, name: string): EvalSet {
  const labels = JSON.parse(readFileSync(join(dir, `${name}.labels.json`), 'utf8')) as LabelDefinition[];
  const names = new Set(labels.map((l) => l.name));
  const rows = readFileSync(join(dir, `${name}.jsonl`), 'utf8')
    .split('\n')
    .map((line, i) => ({ line: line.trim(), where: `${name}.jsonl:${i + 1}` }))
    .filter(({ line }) => line.length > 0)
    .map(({ line, where }) => parseRow(line, where, names));
  return { name, labels, rows };
}
