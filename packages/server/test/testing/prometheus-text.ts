// Reads the Prometheus text format that /metrics serves: every sample by name and labels, and the metric families it declares.

export interface Scrape {
  /** The sample's value; 0 when absent (a counter not yet created reads as 0). */
  value(name: string, labels?: Record<string, string>): number;
  /** Whether a sample with this name (and these labels) is present. */
  has(name: string, labels?: Record<string, string>): boolean;
  /** Names declared by `# TYPE` lines, and the sample names they expand to (_bucket, _sum, _count). */
  names: Set<string>;
  text: string;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

export function parseScrape(text: string): Scrape {
  const samples: Array<{ name: string; labels: Record<string, string>; value: number }> = [];
  const names = new Set<string>();
  for (const line of text.split('\n')) {
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type) {
      names.add(type[1]!);
      if (type[2] === 'histogram' || type[2] === 'summary')
        for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${type[1]}${suffix}`);
      continue;
    }
    const match = SAMPLE.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(LABEL)) labels[key!] = value!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  const find = (name: string, labels: Record<string, string> = {}) =>
    samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  return {
    value: (name, labels) => find(name, labels)?.value ?? 0,
    has: (name, labels) => find(name, labels) !== undefined,
    names,
    text,
  };
}

export async function scrape(baseUrl: string): Promise<Scrape> {
  const res = await fetch(`${baseUrl}/metrics`);
  if (res.status !== 200) throw new Error(`GET /metrics answered ${res.status}`);
  return parseScrape(await res.text());
}
