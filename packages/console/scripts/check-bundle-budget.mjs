#!/usr/bin/env node
// Console build step: sums the gzipped size of every JavaScript file the build wrote and fails the build over budget.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The whole app's JavaScript, gzipped, may not exceed this (issue 29). */
export const BUDGET_BYTES = 250 * 1000;
const dist = new URL('../dist/', import.meta.url).pathname;

function javascriptFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return javascriptFiles(path);
    return entry.name.endsWith('.js') ? [path] : [];
  });
}

const files = javascriptFiles(dist);
const sizes = files.map((file) => ({
  file: relative(dist, file),
  gzipped: gzipSync(readFileSync(file), { level: 9 }).length,
}));
const total = sizes.reduce((sum, { gzipped }) => sum + gzipped, 0);
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
for (const { file, gzipped } of sizes) console.log(`  ${file}: ${kB(gzipped)} gzipped`);
console.log(`console JavaScript: ${kB(total)} gzipped of a ${kB(BUDGET_BYTES)} budget`);
if (files.length === 0) {
  console.error('no JavaScript in dist/: the build wrote nothing');
  process.exitCode = 1;
} else if (total > BUDGET_BYTES) {
  console.error(
    `over budget by ${kB(total - BUDGET_BYTES)}: the console's JavaScript must stay within ${kB(BUDGET_BYTES)} gzipped`,
  );
  process.exitCode = 1;
}
