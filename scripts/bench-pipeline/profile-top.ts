// tsx scripts/bench-pipeline/profile-top.ts FILE.cpuprofile [--from US --to US] [--top N] [--inclusive NAME,NAME…]: a `node --cpu-prof` profile's busy samples in a window (monotonic µs, as classify-probe.ts prints), by self time per function and per code area, and the inclusive share of named functions.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    from: { type: 'string' },
    to: { type: 'string' },
    top: { type: 'string', default: '30' },
    inclusive: { type: 'string', default: '' },
  },
});
const file = positionals[0];
if (!file) throw new Error('usage: profile-top.ts FILE.cpuprofile [--from US --to US]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const from = values.from === undefined ? -Infinity : Number(values.from);
const to = values.to === undefined ? Infinity : Number(values.to);

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

/** Where a frame's code lives: PGlite's WebAssembly, a package, the server's own modules, or V8/Node itself. */
function area(frame: ProfileNode['callFrame']): string {
  const { url, functionName } = frame;
  if (functionName === '(garbage collector)') return 'garbage collector';
  if (functionName === '(program)') return '(program)';
  if (url.startsWith('wasm://') || functionName.startsWith('$') || /wasm-function/.test(functionName))
    return 'WebAssembly (PGlite)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1] as string;
  const own = /packages\/server\/dist[^/]*\/([^/]+\/[^/]+)/.exec(url);
  if (own) return `server ${own[1]}`;
  if (url.startsWith('node:') || url === '') return url === '' ? 'V8/native' : 'node core';
  return url.replace(/^.*\//, '');
}

const name = (n: ProfileNode) =>
  `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/^.*\/(dist[^/]*|node_modules)\//, '')}:${n.callFrame.lineNumber + 1}`;

const self = new Map<string, number>();
const areas = new Map<string, number>();
const wanted = values.inclusive.split(',').filter(Boolean);
const inclusive = new Map<string, number>(wanted.map((w) => [w, 0]));
let busy = 0;
let idle = 0;
let t = profile.startTime;
profile.samples.forEach((id, i) => {
  t += profile.timeDeltas[i] ?? 0;
  if (t < from || t > to) return;
  const node = byId.get(id) as ProfileNode;
  if (node.callFrame.functionName === '(idle)') {
    idle++;
    return;
  }
  busy++;
  self.set(name(node), (self.get(name(node)) ?? 0) + 1);
  areas.set(area(node.callFrame), (areas.get(area(node.callFrame)) ?? 0) + 1);
  if (wanted.length === 0) return;
  const onStack = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const fn = (byId.get(at) as ProfileNode).callFrame.functionName;
    for (const w of wanted) if (fn === w) onStack.add(w);
  }
  for (const w of onStack) inclusive.set(w, (inclusive.get(w) ?? 0) + 1);
});

const pct = (n: number) => `${((100 * n) / busy).toFixed(1)} %`;
const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
console.log(`busy samples ${busy}, idle ${idle} (busy ${((100 * busy) / (busy + idle)).toFixed(1)} % of the window)`);
console.log('\nself time by area');
for (const [k, v] of top(areas, 20)) console.log(`${pct(v).padStart(8)}  ${k}`);
console.log('\nself time by function');
for (const [k, v] of top(self, Number(values.top))) console.log(`${pct(v).padStart(8)}  ${k}`);
if (wanted.length > 0) {
  console.log('\ninclusive');
  for (const [k, v] of inclusive) console.log(`${pct(v).padStart(8)}  ${k}`);
}
