// Build step for USE-lite: converts the pinned npm package into the encoders directory and refuses a result whose
// checksums differ from the committed encoder.json (models/<id>/), so every machine serves the same graph.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isCurrent } from './committed-encoder-install.js';
import { ENCODER_FILES, parseEncoderMetadata } from '../encoder-metadata.js';
import {
  convertUseLite,
  useLitePackage,
  USE_LITE_PACKAGE,
  writeConvertedEncoder,
} from '../use-lite/convert-use-lite.js';

/** The source string recorded in encoder.json: the package and its exact version. */
export async function useLiteSource(): Promise<string> {
  return `${USE_LITE_PACKAGE}@${(await useLitePackage()).version}`;
}

/** Installs the encoder described by committedDir/encoder.json into outDir; 'up-to-date' when it is already there. */
export async function installUseLite(committedDir: string, outDir: string): Promise<'installed' | 'up-to-date'> {
  const expectedPath = join(committedDir, ENCODER_FILES.metadata);
  const expected = parseEncoderMetadata(JSON.parse(await readFile(expectedPath, 'utf8')), committedDir);
  if (await isCurrent(outDir, expected.model_sha256, expected.tokenizer_sha256)) return 'up-to-date';
  const pkg = await useLitePackage();
  const source = `${USE_LITE_PACKAGE}@${pkg.version}`;
  if (source !== expected.source)
    throw new Error(`${expectedPath} pins ${expected.source}, but ${source} is installed; run npm ci`);
  const weights = expected.build.weights === 'int8' ? 'int8' : 'float32';
  const converted = await convertUseLite(pkg.dir, expected.id, source, weights);
  for (const key of ['model_sha256', 'tokenizer_sha256'] as const)
    if (converted.metadata[key] !== expected[key])
      throw new Error(
        `the converted ${expected.id} has ${key} ${converted.metadata[key]}, ${expectedPath} expects ${expected[key]}; ` +
          'if the converter changed on purpose, run `npm run build:encoder:use-lite` and commit models/',
      );
  await writeConvertedEncoder(outDir, converted);
  return 'installed';
}
