// The server's own batch counters from GET /metrics: how many model runs a loop took, how full they were, how long they ran.
export interface BatchCounters {
  runs: number;
  texts: number;
  paddedTokens: number;
  modelSeconds: number;
}

/** Per loop: texts per model run, padded tokens per text, and the share of the loop's wall time a model run was in flight. */
export interface BatchUse {
  runs: number;
  textsPerRun: number;
  paddedTokensPerText: number;
  /** Seconds of model runs (hand-off to vectors, as the main thread sees them) ÷ wall seconds; 1 = never idle. */
  modelBusy: number;
}

/** The sum of one metric's samples over all its label sets in a Prometheus text exposition. */
export function metricSum(text: string, name: string): number {
  let total = 0;
  for (const line of text.split('\n'))
    if (line.startsWith(`${name}{`) || line.startsWith(`${name} `))
      total += Number(line.slice(line.lastIndexOf(' ') + 1));
  return total;
}

export async function batchCounters(url: string, headers: Record<string, string>): Promise<BatchCounters> {
  const response = await fetch(`${url}/metrics`, { headers });
  if (response.status !== 200) throw new Error(`GET /metrics answered ${response.status}`);
  const text = await response.text();
  return {
    runs: metricSum(text, 'textclass_inference_batch_texts_count'),
    texts: metricSum(text, 'textclass_inference_batch_texts_sum'),
    paddedTokens: metricSum(text, 'textclass_inference_batch_tokens_sum'),
    modelSeconds: metricSum(text, 'textclass_encoder_duration_seconds_sum'),
  };
}

const round2 = (value: number) => Math.round(value * 100) / 100;

export function batchUse(before: BatchCounters, after: BatchCounters, seconds: number): BatchUse {
  const runs = after.runs - before.runs;
  const texts = after.texts - before.texts;
  return {
    runs,
    textsPerRun: runs > 0 ? round2(texts / runs) : 0,
    paddedTokensPerText: texts > 0 ? round2((after.paddedTokens - before.paddedTokens) / texts) : 0,
    modelBusy: round2((after.modelSeconds - before.modelSeconds) / seconds),
  };
}
