// The encoders under test: where their files are and how to tokenise for the raw-session ceiling.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  BUILTIN_ENCODERS_DIR,
  DEFAULT_ENCODER_ID,
  parseStaticTokenizerConfig,
  STATIC_MULTI_ENCODER_ID,
  UnigramTokenizer,
  USE_LITE_INT8_ENCODER_ID,
  readTransformerExport,
  StaticWordTokenizer,
  TextTokenizer,
} from '@textclass/server/inference';

export interface Subject {
  /** Encoder id as the server knows it (TEXTCLASS_DEFAULT_ENCODER). */
  id: string;
  /** transformer: a sentence-transformers export; neural: the joint default (its raw ceiling is USE-lite's session). */
  kind: 'transformer' | 'neural' | 'static';
  /** Export directory (transformer) or encoder directory (static). */
  dir: string;
  modelPath: string;
  /** TEXTCLASS_MODELS_DIR for the server: holds encoders/<id> (undefined: the built-in encoder only). */
  modelsDir: string | undefined;
  /** Token ids the encoder feeds its model for a text (special tokens included). */
  tokenize(text: string): number[];
}

/** The full-size synthetic transformer written under <cacheDir>/encoders/<id>. */
export async function transformerSubject(cacheDir: string, id: string): Promise<Subject> {
  const dir = join(cacheDir, 'encoders', id);
  const exported = await readTransformerExport(dir);
  const tokenizer = new TextTokenizer(exported.tokenizerJson, exported.tokenizerConfig, exported.maxSeqLength);
  return {
    id,
    kind: 'transformer',
    dir,
    modelPath: exported.modelPath,
    modelsDir: cacheDir,
    tokenize: (text) => tokenizer.windows(text)[0]?.ids ?? [],
  };
}

/** The built-in multilingual static encoder (static word embeddings). */
export async function staticSubject(): Promise<Subject> {
  const dir = join(BUILTIN_ENCODERS_DIR, STATIC_MULTI_ENCODER_ID);
  const tokenizer = new StaticWordTokenizer(
    parseStaticTokenizerConfig(JSON.parse(await readFile(join(dir, 'tokenizer.json'), 'utf8'))),
  );
  return {
    id: STATIC_MULTI_ENCODER_ID,
    kind: 'static',
    dir,
    modelPath: join(dir, 'model.onnx'),
    modelsDir: undefined,
    tokenize: (text) => Array.from(tokenizer.encode(text)),
  };
}

/** The built-in default (use-multi-612) served over HTTP; its raw ceiling is its USE-lite (int8) session on English texts. */
export async function neuralDefaultSubject(): Promise<Subject> {
  const dir = join(BUILTIN_ENCODERS_DIR, USE_LITE_INT8_ENCODER_ID);
  const file = JSON.parse(await readFile(join(dir, 'tokenizer.json'), 'utf8')) as {
    pieces: Array<[string, number]>;
    reserved: number;
    max_length: number;
  };
  const tokenizer = new UnigramTokenizer(file.pieces, { reserved: file.reserved, maxLength: file.max_length });
  return {
    id: DEFAULT_ENCODER_ID,
    kind: 'neural',
    dir,
    modelPath: join(dir, 'model.onnx'),
    modelsDir: undefined,
    tokenize: (text) => tokenizer.windows(text)[0]?.ids ?? [],
  };
}
