// The contract lints clean under our stricter rules, and openapi/generated/ matches what `npm run generate` makes.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function run(script: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', script],
      { cwd: root, env: { ...process.env, REDOCLY_TELEMETRY: 'off', NO_COLOR: '1' }, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}\n${stderr}` }),
    );
  });
}

describe('the OpenAPI contract', () => {
  it('lints with zero errors and zero warnings', async () => {
    const { code, output } = await run('lint');
    expect(code, output).toBe(0);
    expect(output).toMatch(/Your API description is valid/);
    // Redocly prints a Node.js deprecation banner; lint findings are reported as "N warnings" / "N errors".
    expect(output).not.toMatch(/\d+ (warning|error)s?\b/i);
  });

  it('has generated files that match the sources (no drift)', async () => {
    const { code, output } = await run('check');
    expect(code, output).toBe(0);
  });
});
