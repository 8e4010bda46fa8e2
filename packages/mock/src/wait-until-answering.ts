// Probes a URL for an HTTP server (any status counts), once or until it answers.

export interface WaitOptions {
  timeoutMs: number;
  intervalMs?: number;
  /** Checked between polls; a string ends the wait with that reason (the child exited, say). */
  stopReason?: () => string | null;
}

/** True when an HTTP server answers at `url` within a second. */
export async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
    await response.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

/** Resolves once `url` answers; rejects with the stop reason or a timeout. */
export async function waitUntilAnswering(url: string, options: WaitOptions): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const reason = options.stopReason?.();
    if (reason) throw new Error(reason);
    if (await answers(url)) return;
    if (Date.now() > deadline) throw new Error(`nothing answered at ${url} within ${options.timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 100));
  }
}
