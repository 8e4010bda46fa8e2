// API key generation, constant-time digest comparison and lookup by token.
import { describe, expect, it } from 'vitest';
import { findActiveCaller, generateApiKey, hashApiKey, looksLikeApiKey, sameDigest } from './api-key-tokens.js';
import type { ApiKeyRepository } from '../ports/repositories.js';
import type { StoredApiKey, Workspace } from '../shared/types.js';

describe('API keys', () => {
  it('generates tc_ keys whose prefix and last four come from the key, stored only as a SHA-256 digest', () => {
    const generated = generateApiKey();
    expect(looksLikeApiKey(generated.key)).toBe(true);
    expect(generated.key.startsWith(generated.prefix)).toBe(true);
    expect(generated.key.endsWith(generated.lastFour)).toBe(true);
    expect(generated.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(generated.keyHash).not.toContain(generated.key.slice(3));
    expect(generateApiKey().key).not.toBe(generated.key);
  });

  it('compares digests in constant time, refusing different lengths and empty input', () => {
    const digest = hashApiKey('tc_some_key_000000000000000');
    expect(sameDigest(digest, digest)).toBe(true);
    expect(sameDigest(digest, hashApiKey('tc_other_key_00000000000000'))).toBe(false);
    expect(sameDigest(digest, digest.slice(0, 62))).toBe(false);
    expect(sameDigest('', '')).toBe(false);
  });

  it("finds a key only when the stored hash equals the token's, and never looks up a malformed token", async () => {
    const token = 'tc_lookup_key_0000000000000';
    const stored = { id: 1, keyHash: hashApiKey(token) } as StoredApiKey;
    const workspace = { id: 4 } as Workspace;
    const lookups: string[] = [];
    const repo = (key: StoredApiKey | undefined) =>
      ({
        findActiveCallerByHash: async (hash: string) => {
          lookups.push(hash);
          return key && { key, workspace };
        },
      }) as unknown as ApiKeyRepository;
    expect(await findActiveCaller(repo(stored), token)).toEqual({ key: stored, workspace });
    expect(
      await findActiveCaller(repo({ ...stored, keyHash: hashApiKey('tc_something_else_000000000') }), token),
    ).toBeUndefined();
    expect(await findActiveCaller(repo(undefined), token)).toBeUndefined();
    lookups.length = 0;
    expect(await findActiveCaller(repo(stored), 'not-a-key')).toBeUndefined();
    expect(lookups).toEqual([]);
  });
});
