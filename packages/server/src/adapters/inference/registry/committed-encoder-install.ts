// Unpacks a committed, gzipped static encoder (models/<id>/: model.onnx.gz, tokenizer.json.gz, encoder.json) into an
// encoders directory, checking both files against encoder.json's checksums; skips the work when the copy is current.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { ENCODER_FILES, parseEncoderMetadata, readEncoderMetadata } from '../encoder-metadata.js';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** True when outDir holds an encoder whose files match both checksums. */
export async function isCurrent(outDir: string, modelSha: string, tokenizerSha: string): Promise<boolean> {
  try {
    const metadata = await readEncoderMetadata(outDir);
    if (metadata.model_sha256 !== modelSha || metadata.tokenizer_sha256 !== tokenizerSha) return false;
    const [model, tokenizer] = await Promise.all([
      readFile(join(outDir, ENCODER_FILES.model)),
      readFile(join(outDir, ENCODER_FILES.tokenizer)),
    ]);
    return sha256(model) === modelSha && sha256(tokenizer) === tokenizerSha;
  } catch {
    return false;
  }
}

/** Installs sourceDir's encoder into outDir; 'up-to-date' when outDir already holds the same files. */
export async function installCommittedEncoder(sourceDir: string, outDir: string): Promise<'installed' | 'up-to-date'> {
  const metadataText = await readFile(join(sourceDir, ENCODER_FILES.metadata), 'utf8');
  const metadata = parseEncoderMetadata(JSON.parse(metadataText), sourceDir);
  if (await isCurrent(outDir, metadata.model_sha256, metadata.tokenizer_sha256)) return 'up-to-date';
  await unpackVerified(
    sourceDir,
    outDir,
    [
      { name: ENCODER_FILES.model, sha256: metadata.model_sha256 },
      { name: ENCODER_FILES.tokenizer, sha256: metadata.tokenizer_sha256 },
    ],
    metadataText,
  );
  return 'installed';
}

/**
 * Gunzips sourceDir/<name>.gz for each file, checks it against its SHA-256, and writes the files into outDir with
 * encoder.json last (removed first), so a half-written directory is never taken for an encoder.
 */
export async function unpackVerified(
  sourceDir: string,
  outDir: string,
  files: ReadonlyArray<{ name: string; sha256: string }>,
  metadataText: string,
): Promise<void> {
  const unpacked = await Promise.all(
    files.map(async ({ name, sha256: expected }) => {
      const bytes = gunzipSync(await readFile(join(sourceDir, `${name}.gz`)));
      if (sha256(bytes) !== expected)
        throw new Error(`${sourceDir}/${name}.gz does not match the checksum in ${ENCODER_FILES.metadata}`);
      return { name, bytes };
    }),
  );
  await mkdir(outDir, { recursive: true });
  await rm(join(outDir, ENCODER_FILES.metadata), { force: true });
  // A new file renamed into place: a running server may have the old one memory-mapped (static tables), and a file
  // truncated under a mapping would crash it (SIGBUS) where a replaced one leaves the mapping intact.
  for (const { name, bytes } of unpacked) {
    await writeFile(join(outDir, `${name}.partial`), bytes);
    await rename(join(outDir, `${name}.partial`), join(outDir, name));
  }
  await writeFile(join(outDir, ENCODER_FILES.metadata), metadataText);
}
