// encoder.json of a joint encoder: the encoders it concatenates (with weights) and the gloss that lets its English-only
// neural part read other languages; reading and validation.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ENCODER_FILES } from '../encoder-metadata.js';

export const JOINT_FILES = { gloss: 'gloss.bin', words: 'gloss-words.json' } as const;

export interface JointPart {
  /** An encoder of the same registry. */
  id: string;
  /** Share of the joint vector's squared length (weights sum to 1): cosine = Σ weight × the part's cosine. */
  weight: number;
}

export interface JointMetadata {
  id: string;
  type: 'joint';
  dimension: number;
  source: string;
  parts: JointPart[];
  gloss: {
    /** The static encoder whose table rows the gloss maps to English words. */
    from: string;
    /** The part that reads the glossed English text instead of the original. */
    to: string;
    sha256: string;
    words_sha256: string;
  };
  build: Record<string, string | number | boolean | null>;
}

const ID = /^[a-z0-9][a-z0-9._-]{0,63}$/;
const SHA256 = /^[0-9a-f]{64}$/;

function fail(dir: string, problem: string): never {
  throw new Error(`invalid ${ENCODER_FILES.metadata} in ${dir}: ${problem}`);
}

/** Validates parsed encoder.json content of type "joint" found in dir. */
export function parseJointMetadata(json: unknown, dir: string): JointMetadata {
  const m = json as Partial<JointMetadata> | null;
  if (typeof m !== 'object' || m === null || m.type !== 'joint') fail(dir, 'not a joint encoder');
  if (typeof m.id !== 'string' || !ID.test(m.id)) fail(dir, 'id must be lowercase letters, digits, ".", "_" or "-"');
  if (!Array.isArray(m.parts) || m.parts.length < 2) fail(dir, 'parts must list at least two encoders');
  for (const part of m.parts)
    if (typeof part?.id !== 'string' || typeof part.weight !== 'number' || !(part.weight > 0))
      fail(dir, 'every part needs an id and a positive weight');
  const total = m.parts.reduce((sum, p) => sum + p.weight, 0);
  if (Math.abs(total - 1) > 1e-6) fail(dir, `part weights sum to ${total}, not 1`);
  const gloss = m.gloss;
  if (
    typeof gloss?.from !== 'string' ||
    typeof gloss.to !== 'string' ||
    !m.parts.some((p) => p.id === gloss.from) ||
    !m.parts.some((p) => p.id === gloss.to) ||
    !SHA256.test(String(gloss.sha256)) ||
    !SHA256.test(String(gloss.words_sha256))
  )
    fail(dir, 'gloss needs from and to (two of the parts) and both files’ SHA-256');
  if (typeof m.dimension !== 'number' || !Number.isInteger(m.dimension) || m.dimension < 1)
    fail(dir, 'dimension must be a positive integer');
  if (typeof m.source !== 'string') fail(dir, 'source must be a string');
  if (typeof m.build !== 'object' || m.build === null) fail(dir, 'build must be an object');
  return m as JointMetadata;
}

/** The type field of dir/encoder.json, without validating the rest. */
export async function encoderTypeOf(dir: string): Promise<unknown> {
  const json = JSON.parse(await readFile(join(dir, ENCODER_FILES.metadata), 'utf8')) as { type?: unknown } | null;
  return json?.type;
}
