#!/usr/bin/env node
// Runs a package's build (or test) steps side by side, each announced when it starts and ended with its time (after
// 15 s without output a line names those still running), so a first build is never silent. Usage: build-steps.mjs
// "name=command" ...
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const HEARTBEAT_MS = 15_000;
const steps = process.argv.slice(2).map((arg) => {
  const at = arg.indexOf('=');
  if (at < 1) throw new Error(`build-steps: expected "name=command", got "${arg}"`);
  return { name: arg.slice(0, at), command: arg.slice(at + 1) };
});
const started = performance.now();
const running = new Set();
let lastLine = performance.now();
const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** One step: its output lines prefixed with its name, its end as a line with its time; resolves with its exit code. */
function run({ name, command }) {
  const since = performance.now();
  console.log(`▶ ${name}`);
  const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr])
    createInterface({ input: stream }).on('line', (line) => {
      lastLine = performance.now();
      console.log(`  ${name}: ${line}`);
    });
  running.add(name);
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      running.delete(name);
      const status = code ?? (signal ? 1 : 0);
      console.log(
        status === 0 ? `✓ ${name} in ${seconds(since)}` : `✗ ${name} failed (exit ${status}) after ${seconds(since)}`,
      );
      resolve(status);
    });
  });
}

const heartbeat = setInterval(() => {
  if (performance.now() - lastLine < HEARTBEAT_MS) return;
  lastLine = performance.now();
  console.log(`… ${seconds(started)}: still running ${[...running].join(', ')}`);
}, HEARTBEAT_MS / 3);
const codes = await Promise.all(steps.map(run));
clearInterval(heartbeat);
if (steps.length > 1) console.log(`all steps done in ${seconds(started)}`);
process.exitCode = codes.find((code) => code !== 0) ?? 0;
