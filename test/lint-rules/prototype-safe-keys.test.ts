// The `textclass/prototype-safe-keys` rule (eslint-rules/), run by ESLint itself with type information on two
// fixtures: every line of fixtures/violations.ts marked `// reported: …` must get exactly those reports (the plain
// `Record<string, string>` table read by a word among them), and fixtures/clean.ts none. The project's own
// eslint.config.js must turn the rule on for the server's and the client's library code.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import textclass from '../../eslint-rules/prototype-safe-keys.js';

const repo = path.resolve(import.meta.dirname, '../..');
const fixtures = path.join(import.meta.dirname, 'fixtures');
const RULE = 'textclass/prototype-safe-keys';

let dir: string;
let eslint: ESLint;

beforeAll(async () => {
  // Outside the repository, with a tsconfig of its own, so the fixtures are nobody else's source.
  dir = await mkdtemp(path.join(os.tmpdir(), 'prototype-safe-keys-'));
  await cp(fixtures, dir, { recursive: true });
  await writeFile(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { strict: true, target: 'ES2023', module: 'NodeNext', noEmit: true, lib: ['ES2023'] },
      include: ['*.ts'],
    }),
  );
  eslint = new ESLint({
    cwd: dir,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.ts'],
        languageOptions: {
          parser: tseslint.parser,
          parserOptions: { projectService: true, tsconfigRootDir: dir },
        },
        linterOptions: { reportUnusedDisableDirectives: 'off' },
        plugins: { textclass },
        rules: { [RULE]: 'error' },
      },
    ],
  });
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** line → the message ids reported there, in column order. */
async function reports(file: string): Promise<Map<number, string[]>> {
  const [result] = await eslint.lintFiles([path.join(dir, file)]);
  if (!result) throw new Error(`no result for ${file}`);
  const fatal = result.messages.filter((m) => m.ruleId !== RULE);
  expect(fatal).toEqual([]);
  const byLine = new Map<number, string[]>();
  for (const m of result.messages) byLine.set(m.line, [...(byLine.get(m.line) ?? []), m.messageId ?? '?']);
  return byLine;
}

describe(RULE, () => {
  it('reports every marked lookup in fixtures/violations.ts, and nothing else', async () => {
    const source = await readFile(path.join(fixtures, 'violations.ts'), 'utf8');
    const expected = new Map<number, string[]>();
    source.split('\n').forEach((line, i) => {
      const marked = /\/\/ reported: (.+)$/.exec(line);
      if (marked) expected.set(i + 1, (marked[1] as string).trim().split(/\s+/));
    });
    expect(expected.size).toBeGreaterThanOrEqual(10);
    expect(await reports('violations.ts')).toEqual(expected);
  });

  it("reports the `const T: Record<string, string> = {...}; T[word]` table behind negation folding's 500", async () => {
    const byLine = await reports('violations.ts');
    const source = await readFile(path.join(fixtures, 'violations.ts'), 'utf8');
    const line = source.split('\n').findIndex((l) => l.includes('return NEGATED[word];')) + 1;
    expect(byLine.get(line)).toEqual(['lookup']);
  });

  it('leaves Maps, null-prototype tables, own-property guards, listed keys and arrays alone (fixtures/clean.ts)', async () => {
    expect(await reports('clean.ts')).toEqual(new Map());
  });

  it("is on in the project's eslint.config.js for the server's and the client's library code, not for tests", async () => {
    const project = new ESLint({ cwd: repo });
    const severity = async (file: string) => {
      const config = (await project.calculateConfigForFile(path.join(repo, file))) as {
        rules?: Record<string, unknown>;
      };
      const setting = config.rules === undefined ? undefined : Object.entries(config.rules).find(([r]) => r === RULE);
      return setting === undefined ? 'off' : ([setting[1]].flat()[0] as unknown);
    };
    expect(await severity('packages/server/src/adapters/inference/joint/negation.ts')).toBe(2);
    expect(await severity('packages/server/src/core/training/evaluation.ts')).toBe(2);
    expect(await severity('packages/client/src/webhooks.ts')).toBe(2);
    expect(await severity('packages/server/src/adapters/inference/joint/negation.test.ts')).toBe('off');
  });
});
