// A small JSON client for the benchmark: dataset and webhook setup, and the records endpoint's classified tail.
import { BENCH_API_KEY } from './server.js';

export class Api {
  constructor(readonly url: string) {}

  async call<T>(method: string, route: string, body?: unknown): Promise<{ status: number; body: T }> {
    const res = await fetch(`${this.url}${route}`, {
      method,
      headers: { authorization: `Bearer ${BENCH_API_KEY}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as T };
  }

  async expect<T>(status: number, method: string, route: string, body?: unknown): Promise<T> {
    const res = await this.call<T>(method, route, body);
    if (res.status !== status) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  /** A dataset whose text column is `text`, classified by the given models. */
  async createDataset(name: string, modelIds: number[]): Promise<{ id: number; key: string }> {
    return this.expect(201, 'POST', '/v2/datasets', {
      name,
      columns: [{ name: 'text', type: 'text' }],
      text_column: 'text',
      model_ids: modelIds,
    });
  }

  /** Whether the dataset's last record (by id; jobs run in id order) has its classifications; also its row count. */
  async tailClassified(key: string): Promise<{ total: number; classified: boolean }> {
    const head = await this.expect<{ total: number }>(200, 'GET', `/v2/datasets/${key}/records?limit=1`);
    if (head.total === 0) return { total: 0, classified: false };
    const tail = await this.expect<{ data: Array<{ classifications: unknown }> }>(
      200,
      'GET',
      `/v2/datasets/${key}/records?limit=1&offset=${head.total - 1}`,
    );
    return { total: head.total, classified: (tail.data[0]?.classifications ?? null) !== null };
  }

  /**
   * Classification jobs not finished, from `/metrics` (`textclass_jobs_pending`: a count over the jobs table, a few
   * dozen rows for an upload backlog, where reading the last record costs a count and an offset over every record).
   */
  async classificationJobsPending(): Promise<number> {
    const res = await fetch(`${this.url}/metrics`);
    const text = await res.text();
    const line = /^textclass_jobs_pending\{kind="classification"\} (\d+)/m.exec(text);
    if (!line) throw new Error('/metrics has no textclass_jobs_pending{kind="classification"}');
    return Number(line[1]);
  }
}
