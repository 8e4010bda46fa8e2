// Unpacks a committed joint encoder (models/<id>/: encoder.json, gloss.bin.gz, gloss-words.json.gz) into an encoders
// directory, checking both gloss files against encoder.json; skips the work when the copy there is current.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { ENCODER_FILES } from '../encoder-metadata.js';
import { JOINT_FILES, parseJointMetadata, type JointMetadata } from './joint-metadata.js';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

function expectedFiles(metadata: JointMetadata): Array<{ name: string; sha: string }> {
  return [
    { name: JOINT_FILES.gloss, sha: metadata.gloss.sha256 },
    { name: JOINT_FILES.words, sha: metadata.gloss.words_sha256 },
  ];
}

async function isCurrent(outDir: string, metadataText: string, metadata: JointMetadata): Promise<boolean> {
  try {
    if ((await readFile(join(outDir, ENCODER_FILES.metadata), 'utf8')) !== metadataText) return false;
    for (const { name, sha } of expectedFiles(metadata))
      if (sha256(await readFile(join(outDir, name))) !== sha) return false;
    return true;
  } catch {
    return false;
  }
}

/** Installs sourceDir's joint encoder into outDir; 'up-to-date' when outDir already holds the same files. */
export async function installJointEncoder(sourceDir: string, outDir: string): Promise<'installed' | 'up-to-date'> {
  const metadataText = await readFile(join(sourceDir, ENCODER_FILES.metadata), 'utf8');
  const metadata = parseJointMetadata(JSON.parse(metadataText), sourceDir);
  if (await isCurrent(outDir, metadataText, metadata)) return 'up-to-date';
  const unpacked = await Promise.all(
    expectedFiles(metadata).map(async ({ name, sha }) => {
      const bytes = gunzipSync(await readFile(join(sourceDir, `${name}.gz`)));
      if (sha256(bytes) !== sha)
        throw new Error(`${sourceDir}/${name}.gz does not match the checksum in ${ENCODER_FILES.metadata}`);
      return { name, bytes };
    }),
  );
  await mkdir(outDir, { recursive: true });
  await rm(join(outDir, ENCODER_FILES.metadata), { force: true });
  for (const { name, bytes } of unpacked) await writeFile(join(outDir, name), bytes);
  await writeFile(join(outDir, ENCODER_FILES.metadata), metadataText);
  return 'installed';
}
