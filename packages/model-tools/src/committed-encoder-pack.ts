// Committed encoders (models/<id>/ in the repository): a built encoder gzipped with its SHA256SUMS, and a rebuild
// compared with the committed checksums.
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { ENCODER_FILES, type EncoderMetadata } from '@textclass/server/inference';

/** The repository's models/ directory; this file sits at packages/model-tools/src/ or packages/model-tools/dist/. */
export const COMMITTED_MODELS_DIR = fileURLToPath(new URL('../../../models/', import.meta.url));

/** models/<id>/: where the encoder `id` is committed, gzipped. */
export function committedEncoderDir(id: string): string {
  return join(COMMITTED_MODELS_DIR, id);
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * Writes the encoder built in builtDir to outDir as the repository commits it: model.onnx.gz and tokenizer.json.gz
 * (gzip level 9), encoder.json, and SHA256SUMS of the gzipped files and of the files they unpack to.
 */
export async function packCommittedEncoder(builtDir: string, outDir: string, metadata: EncoderMetadata): Promise<void> {
  await mkdir(outDir, { recursive: true });
  const sums: string[] = [];
  for (const name of [ENCODER_FILES.model, ENCODER_FILES.tokenizer]) {
    const packed = gzipSync(await readFile(join(builtDir, name)), { level: 9 });
    await writeFile(join(outDir, `${name}.gz`), packed);
    sums.push(`${sha256(packed)}  ${name}.gz`);
  }
  await copyFile(join(builtDir, ENCODER_FILES.metadata), join(outDir, ENCODER_FILES.metadata));
  sums.push(
    `${metadata.model_sha256}  ${ENCODER_FILES.model}`,
    `${metadata.tokenizer_sha256}  ${ENCODER_FILES.tokenizer}`,
  );
  await writeFile(join(outDir, 'SHA256SUMS'), `${sums.join('\n')}\n`);
}

/** Whether a rebuild's model and tokenizer checksums equal those committed in committedDir's encoder.json. */
export async function compareWithCommitted(
  committedDir: string,
  rebuilt: EncoderMetadata,
): Promise<{ same: boolean; committed: EncoderMetadata }> {
  const committed = JSON.parse(await readFile(join(committedDir, ENCODER_FILES.metadata), 'utf8')) as EncoderMetadata;
  const same =
    committed.model_sha256 === rebuilt.model_sha256 && committed.tokenizer_sha256 === rebuilt.tokenizer_sha256;
  return { same, committed };
}
