// Closed-loop load for bench-limits: clients cycle over workspaces' keys, counting answers per rate-limit window.

export interface WindowCount {
  keyIndex: number;
  /** X-RateLimit-Reset of the window (Unix seconds): one window per value. */
  resetAtSeconds: number;
  requests: number;
  allowed: number;
  /** From the first to the last request seen in this window. */
  observedSeconds: number;
}

export interface LoadResult {
  windows: WindowCount[];
  total: number;
  allowed: number;
  refused: number;
  other: number;
  elapsedSeconds: number;
}

export async function runWindowLoad(options: {
  targets: string[];
  keys: string[];
  clients: number;
  seconds: number;
}): Promise<LoadResult> {
  const windows = new Map<string, WindowCount & { first: number; last: number }>();
  const result = { total: 0, allowed: 0, refused: 0, other: 0 };
  const started = Date.now();
  const until = started + options.seconds * 1000;
  const client = async (c: number) => {
    for (let i = c; Date.now() < until; i += 1) {
      const keyIndex = i % options.keys.length;
      const target = options.targets[i % options.targets.length]!;
      const res = await fetch(`${target}/v2/models?limit=1`, {
        headers: { Authorization: `Bearer ${options.keys[keyIndex]}` },
      }).catch(() => undefined);
      await res?.arrayBuffer();
      const now = Date.now();
      result.total += 1;
      if (res?.status === 200) result.allowed += 1;
      else if (res?.status === 429) result.refused += 1;
      else result.other += 1;
      const reset = Number(res?.headers.get('x-ratelimit-reset'));
      if (!res || !Number.isFinite(reset)) continue;
      const id = `${keyIndex}:${reset}`;
      const window = windows.get(id) ?? {
        keyIndex,
        resetAtSeconds: reset,
        requests: 0,
        allowed: 0,
        observedSeconds: 0,
        first: now,
        last: now,
      };
      window.requests += 1;
      if (res.status === 200) window.allowed += 1;
      window.last = now;
      window.observedSeconds = (window.last - window.first) / 1000;
      windows.set(id, window);
    }
  };
  await Promise.all(Array.from({ length: options.clients }, (_, c) => client(c)));
  const ordered = [...windows.values()].sort((x, y) => x.keyIndex - y.keyIndex || x.resetAtSeconds - y.resetAtSeconds);
  return {
    windows: ordered.map(({ first: _f, last: _l, ...w }) => w),
    ...result,
    elapsedSeconds: (Date.now() - started) / 1000,
  };
}
