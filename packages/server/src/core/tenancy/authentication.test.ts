// Recording a key's last use: at most once a minute, and never twice while a write of it is still on its way.
import { describe, expect, it } from 'vitest';
import type { ApiKeyRepository } from '../ports/repositories.js';
import type { StoredApiKey } from '../shared/types.js';
import { Authenticator } from './authentication.js';

/** Only touchLastUsed is called by recordUse; each call waits until the test lets the writes finish. */
function slowTouches() {
  const touches: Array<{ id: number; at: Date }> = [];
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const repo = {
    async touchLastUsed(id: number, at: Date) {
      touches.push({ id, at });
      await finished;
    },
  } as unknown as ApiKeyRepository;
  return { repo, touches, finish };
}

const key = (lastUsedAt: Date | null): StoredApiKey => ({
  id: 7,
  workspaceId: 1,
  prefix: 'tc_abcdefgh',
  lastFour: 'wxyz',
  role: 'admin',
  name: 'k',
  createdAt: new Date('2026-01-01T00:00:00Z'),
  lastUsedAt,
  revokedAt: null,
  keyHash: 'ab',
});

describe('Authenticator.recordUse', () => {
  it('writes once for a key last used over a minute ago, however many requests carry the old time meanwhile', async () => {
    const { repo, touches, finish } = slowTouches();
    const auth = new Authenticator(repo);
    const now = new Date('2026-01-01T12:00:00Z');
    const stale = key(new Date(now.getTime() - 61_000));
    for (let i = 0; i < 5; i++) auth.recordUse(stale, now);
    expect(touches).toEqual([{ id: 7, at: now }]);
    finish();
    await new Promise((resolve) => setImmediate(resolve));
    const later = new Date(now.getTime() + 1_000);
    auth.recordUse(stale, later);
    expect(touches).toHaveLength(2);
  });

  it('does not write for a key used within the minute', () => {
    const { repo, touches } = slowTouches();
    const auth = new Authenticator(repo);
    const now = new Date('2026-01-01T12:00:00Z');
    auth.recordUse(key(new Date(now.getTime() - 60_000)), now);
    expect(touches).toEqual([]);
    auth.recordUse(key(null), now);
    expect(touches).toHaveLength(1);
  });
});
