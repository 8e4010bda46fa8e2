// Unique row texts: the inference benchmark's ~30-token support-ticket texts, each made distinct by a phase tag and a number.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  BUILTIN_ENCODERS_DIR,
  STATIC_MULTI_ENCODER_ID,
  parseStaticTokenizerConfig,
  StaticWordTokenizer,
} from '@textclass/server/inference';
import { makeTexts } from './texts.js';

/** count texts `<pool text> ref <tag><i>`; the webhook body carries the text, so it identifies the row. */
export async function rowTexts(tag: string, count: number): Promise<string[]> {
  const dir = join(BUILTIN_ENCODERS_DIR, STATIC_MULTI_ENCODER_ID);
  const tokenizer = new StaticWordTokenizer(
    parseStaticTokenizerConfig(JSON.parse(await readFile(join(dir, 'tokenizer.json'), 'utf8'))),
  );
  const pool = makeTexts(4096, 30, (text) => tokenizer.encode(text).length);
  return Array.from({ length: count }, (_, i) => `${pool[i % pool.length]} ref ${tag}${i}`);
}
