// The copy of the contract that /docs reads: the bundled contract unchanged, plus curl, JavaScript and Python samples
// on every operation, each built from the operation's request example and addressed to {base_url}.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

type Operation = { operationId: string; 'x-codeSamples'?: Array<{ lang: string; label: string; source: string }> };
type Document = { paths: Record<string, Record<string, unknown>> };

const read = (name: string) => JSON.parse(readFileSync(new URL(`../generated/${name}`, import.meta.url), 'utf8'));
const contract = read('openapi.json') as Document;
const docsCopy = read('openapi.docs.json') as Document;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const operationsOf = (document: Document) =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ path, method, op: item[method] as Operation })),
  );

describe('the docs copy of the contract', () => {
  it('is the contract with x-codeSamples added, and nothing else changed', () => {
    const stripped = structuredClone(docsCopy);
    for (const { op } of operationsOf(stripped)) delete op['x-codeSamples'];
    expect(stripped).toEqual(contract);
  });

  it('has curl, JavaScript (@textclass/client) and Python (requests) samples on every operation', () => {
    const operations = operationsOf(docsCopy);
    expect(operations.length).toBe(operationsOf(contract).length);
    for (const { path, method, op } of operations) {
      const samples = op['x-codeSamples'] ?? [];
      expect(
        samples.map((s) => s.label),
        op.operationId,
      ).toEqual(['curl', 'JavaScript', 'Python']);
      const [curl, javascript, python] = samples.map((s) => s.source);
      const url = path.replace(/\{[^}]+\}/g, '[^/"?]+');
      expect(curl, op.operationId).toMatch(new RegExp(`^curl .*"\\{base_url\\}${url}[?"]`));
      if (method !== 'get') expect(curl, op.operationId).toContain(`-X ${method.toUpperCase()}`);
      expect(javascript, op.operationId).toContain("from '@textclass/client'");
      expect(javascript, op.operationId).toContain(`client.${method.toUpperCase()}('${path}'`);
      expect(python, op.operationId).toMatch(new RegExp(`requests\\.${method}\\(\\n {4}"\\{base_url\\}${url}"`));
      expect(`${curl}${javascript}${python}`, op.operationId).not.toContain('localhost');
    }
  });

  it("sends each operation's request example: the classification's texts and model id", () => {
    const classify = docsCopy.paths['/v2/models/{model_id}/inference']?.post as Operation;
    const [curl, javascript, python] = (classify['x-codeSamples'] ?? []).map((s) => s.source);
    expect(curl).toContain('"{base_url}/v2/models/1/inference"');
    expect(curl).toContain('-H "Authorization: Bearer $TEXTCLASS_API_KEY"');
    expect(curl).toContain('"I was charged twice for my subscription this month');
    expect(javascript).toContain('path: { model_id: 1 }');
    expect(python).toContain('"Authorization": "Bearer " + os.environ["TEXTCLASS_API_KEY"]');
    const health = docsCopy.paths['/health']?.get as Operation;
    expect(health['x-codeSamples']?.[0]?.source).toBe('curl "{base_url}/health"');
  });
});
