// API key format, generation and hashing: keys are shown once and stored only as SHA-256 digests.
import { createHash, randomBytes } from 'node:crypto';

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
