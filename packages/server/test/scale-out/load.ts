// Bounded load loops for the scale-out test: a rate-limit hammer and a stream of record writes.
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface HammerResult {
  allowed: number;
  refused: number;
  other: number;
  refusalsWithoutRetryAfter: number;
  /** 2xx answers to requests sent more than 10 s after the first refusal (the burst must have lapsed by then). */
  allowedAfterBurstWindow: number;
}

/** Two loops of GETs (about 20 requests/s in all, at most 1,200) until `until`; calls onRefused at the first 429. */
export async function hammer(url: string, key: string, until: number, onRefused: () => void): Promise<HammerResult> {
  const result: HammerResult = {
    allowed: 0,
    refused: 0,
    other: 0,
    refusalsWithoutRetryAfter: 0,
    allowedAfterBurstWindow: 0,
  };
  let firstRefusal: number | undefined;
  const loop = async () => {
    for (let i = 0; i < 600 && Date.now() < until; i += 1) {
      const sent = Date.now();
      const res = await fetch(url, { headers: { Authorization: `Bearer ${key}` } }).catch(() => undefined);
      await res?.arrayBuffer();
      if (res?.status === 200) {
        result.allowed += 1;
        if (firstRefusal !== undefined && sent > firstRefusal + 10_000) result.allowedAfterBurstWindow += 1;
      } else if (res?.status === 429) {
        result.refused += 1;
        if (!(Number(res.headers.get('retry-after')) > 0)) result.refusalsWithoutRetryAfter += 1;
        firstRefusal ??= sent;
        onRefused();
      } else {
        result.other += 1;
      }
      await sleep(100);
    }
  };
  await Promise.all([loop(), loop()]);
  return result;
}

export interface WriteResult {
  /** Record ids answered with 201. */
  accepted: string[];
  failed: number;
}

/** Four concurrent writers post records until `target` are accepted (at most 400 attempts, 30 s). */
export async function writeUntil(url: string, key: string, label: string, target: number): Promise<WriteResult> {
  const result: WriteResult = { accepted: [], failed: 0 };
  const deadline = Date.now() + 30_000;
  let attempts = 0;
  const writer = async (w: number) => {
    while (result.accepted.length < target && attempts < 400 && Date.now() < deadline) {
      attempts += 1;
      const res = await fetch(url, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ text: `scale-out ${label} write ${w}.${attempts}` }),
      }).catch(() => undefined);
      const body = res ? ((await res.json().catch(() => ({}))) as { id?: string }) : {};
      if (res?.status === 201 && body.id !== undefined) result.accepted.push(body.id);
      else result.failed += 1;
    }
  };
  await Promise.all([0, 1, 2, 3].map(writer));
  return result;
}
