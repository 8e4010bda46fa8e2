// The largest requests the contract allows (openapi/: texts per request, characters per text, the 1 MiB JSON body): long, distinct texts of the evaluation sets' prose.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** openapi/components: EmbeddingTexts (1–200 texts) and InferenceTexts (1–8 texts), each at most 10,000 characters. */
export const EMBEDDING_TEXTS_MAX = 200;
export const INFERENCE_TEXTS_MAX = 8;
export const TEXT_CHARACTERS_MAX = 10_000;
/** The server's default JSON body limit (app/config/load-config.ts BODY_LIMIT_BYTES). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** The evaluation sets' texts, many languages, in file order. */
const pool = ['support-intents', 'sentiment'].flatMap((set) =>
  readFileSync(resolve('eval', 'sets', `${set}.jsonl`), 'utf8')
    .trim()
    .split('\n')
    .map((line) => (JSON.parse(line) as { text: string }).text),
);

/** A text of exactly `characters` UTF-16 units (ASCII-heavy prose), distinct per `seed` (its first words say which). */
export function longText(seed: number, characters: number): string {
  let text = `#${seed}`;
  for (let i = seed * 7; text.length < characters; i++) text += ` ${pool[i % pool.length] as string}`;
  return text.slice(0, characters);
}

/** `count` distinct texts, each as long as the contract and the body limit allow together (`field` names the array). */
export function largestTexts(seed: number, count: number, field = 'texts'): string[] {
  let characters = TEXT_CHARACTERS_MAX;
  for (;;) {
    const texts = Array.from({ length: count }, (_, i) => longText(seed + i, characters));
    if (Buffer.byteLength(JSON.stringify({ [field]: texts })) <= BODY_LIMIT_BYTES) return texts;
    characters -= 10;
  }
}
