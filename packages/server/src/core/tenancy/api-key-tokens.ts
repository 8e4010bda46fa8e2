// API key format, generation, hashing and lookup: keys are shown once and stored only as SHA-256 digests.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ApiKeyRepository } from '../ports/repositories.js';
import type { StoredApiKey, Workspace } from '../shared/types.js';

export const KEY_PREFIX = 'tc_';
const KEY_PATTERN = /^tc_[A-Za-z0-9_-]{20,128}$/;

export interface GeneratedKey {
  key: string;
  prefix: string;
  lastFour: string;
  keyHash: string;
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** True when the string has the shape of a textclass key (checked before any database lookup). */
export function looksLikeApiKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function describeKey(key: string): GeneratedKey {
  return { key, prefix: key.slice(0, KEY_PREFIX.length + 8), lastFour: key.slice(-4), keyHash: hashApiKey(key) };
}

export function generateApiKey(): GeneratedKey {
  return describeKey(KEY_PREFIX + randomBytes(24).toString('base64url'));
}

/** Compares two hex digests in constant time (no early exit on the first differing byte). */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

/** The active key a bearer token names: looked up by its hash, then the stored hash compared in constant time. */
/** The active key a token names, with its workspace (one database round trip); undefined when there is none. */
export async function findActiveCaller(
  keys: ApiKeyRepository,
  token: string,
): Promise<{ key: StoredApiKey; workspace: Workspace } | undefined> {
  if (!looksLikeApiKey(token)) return undefined;
  const digest = hashApiKey(token);
  const found = await keys.findActiveCallerByHash(digest);
  return found && sameDigest(found.key.keyHash, digest) ? found : undefined;
}
