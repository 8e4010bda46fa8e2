// Unpacks a committed joint encoder (models/<id>/: encoder.json, gloss.bin.gz, gloss-words.json.gz) into an encoders
// directory, checking both gloss files against encoder.json; skips the work when the copy there is current.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { unpackVerified } from './committed-encoder-install.js';
import { ENCODER_FILES } from '../encoder-metadata.js';
import { JOINT_FILES, parseJointMetadata, type JointMetadata } from '../joint/joint-metadata.js';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

function expectedFiles(metadata: JointMetadata): Array<{ name: string; sha256: string }> {
  return [
    { name: JOINT_FILES.gloss, sha256: metadata.gloss.sha256 },
    { name: JOINT_FILES.words, sha256: metadata.gloss.words_sha256 },
  ];
}

async function isCurrent(outDir: string, metadataText: string, metadata: JointMetadata): Promise<boolean> {
  try {
    if ((await readFile(join(outDir, ENCODER_FILES.metadata), 'utf8')) !== metadataText) return false;
    for (const { name, sha256: expected } of expectedFiles(metadata))
      if (sha256(await readFile(join(outDir, name))) !== expected) return false;
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
  await unpackVerified(sourceDir, outDir, expectedFiles(metadata), metadataText);
  return 'installed';
}
