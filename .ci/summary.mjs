// Sums the vitest JSON reports of every package into the one line CI reads: "N passed, N failed".
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const [dir, exitCode = '0'] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()) {
  const report = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  const suites = report.testResults ?? [];
  // A file that failed to load has no failing assertion of its own: count it as one failure.
  const brokenFiles = suites.filter(
    (s) => s.status === 'failed' && !(s.assertionResults ?? []).some((a) => a.status === 'failed'),
  ).length;
  const p = report.numPassedTests ?? 0;
  const f = (report.numFailedTests ?? 0) + brokenFiles;
  const s = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  process.stderr.write(`${file.replace(/\.json$/, '').padEnd(12)} ${p} passed, ${f} failed, ${s} skipped\n`);
  passed += p;
  failed += f;
  skipped += s;
}
// A step that failed outside vitest (install, lint, drift) still counts as a failure.
if (exitCode !== '0' && failed === 0) failed = 1;
process.stdout.write(`${passed} passed, ${failed} failed, ${skipped} skipped\n`);
