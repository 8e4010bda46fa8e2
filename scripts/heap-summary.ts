// Summarises a V8 .heapsnapshot (parsed by heap-snapshot-toolkit, DevTools' own code): top constructors and holders.
import { createReadStream, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'heap-snapshot-toolkit';

const MiB = 2 ** 20;
const round = (bytes: number) => Math.round((bytes / MiB) * 10) / 10;

/** One constructor (or V8 type for strings, arrays, code): how many objects, their own bytes, the most one retains. */
export interface ConstructorRow {
  name: string;
  count: number;
  selfMiB: number;
  maxRetainedMiB: number;
}

/** One object holding much memory: its class, how it is reached (owner.edge ← …), and what it keeps alive. */
export interface HolderRow {
  holder: string;
  path: string;
  retainedMiB: number;
  selfMiB: number;
}

export interface HeapSummary {
  totalMiB: number;
  nodes: number;
  byConstructor: ConstructorRow[];
  holders: HolderRow[];
}

// The DevTools snapshot classes are untyped for our purposes: only what is read here.
interface SnapshotNode {
  nodeIndex: number;
  name(): string;
  className(): string;
  type(): string;
  selfSize(): number;
  retainedSize(): number;
  dominatorIndex(): number;
  isRoot(): boolean;
  retainers(): Iterable<{ item(): SnapshotEdge }> & { hasNext(): boolean; next(): void; item(): SnapshotEdge };
}
interface SnapshotEdge {
  name(): string | number;
  type(): string;
  node(): SnapshotNode;
}
interface Snapshot {
  nodeCount: number;
  nodeFieldCount: number;
  totalSize: number;
  createNode(nodeIndex: number): SnapshotNode;
  aggregatesWithFilter(filter: object): Record<string, { count: number; self: number; maxRet: number; name: string }>;
}

/** Node types that are V8's bookkeeping, not an owner a reader can act on. */
const NOT_OWNERS = new Set(['hidden', 'synthetic', 'code', 'object shape']);

const label = (node: SnapshotNode) => (node.type() === 'object' ? node.className() : `(${node.type()}) ${node.name()}`);

/** The name of owner's edge to node ("" when it reaches it only through others). */
function edgeName(owner: SnapshotNode, node: SnapshotNode): string {
  for (const it = node.retainers(); it.hasNext(); it.next()) {
    const edge = it.item();
    if (edge.node().nodeIndex !== owner.nodeIndex) continue;
    return edge.type() === 'element' || edge.type() === 'hidden' ? `[${edge.name()}]` : `.${edge.name()}`;
  }
  return '…';
}

/** Owners up the dominator tree ("Tokenizer.vocab ← Encoder.tokenizer"), V8's internal arrays and cells skipped. */
function pathOf(snapshot: Snapshot, node: SnapshotNode, hops: number): string {
  const parts: string[] = [];
  let current = node;
  let edge = '';
  for (let steps = 0; parts.length < hops && steps < 12; steps++) {
    const owner = snapshot.createNode(current.dominatorIndex());
    if (owner.isRoot() || owner.nodeIndex === current.nodeIndex) {
      if (parts.length < hops) parts.push(retainersOf(current)); // no single owner: what shares it
      break;
    }
    edge = edge || edgeName(owner, current);
    if (!NOT_OWNERS.has(owner.type()) && owner.type() !== 'array') {
      parts.push(`${label(owner).slice(0, 40)}${edge.slice(0, 40)}`);
      edge = '';
    } else if (edge !== '…') {
      edge = '';
    }
    current = owner;
  }
  return parts.filter((part) => part !== '').join(' ← ');
}

/** For an object no single owner holds (its dominator is the root): its first strong retainers, "Owner.edge". */
function retainersOf(node: SnapshotNode, limit = 2): string {
  const found: string[] = [];
  for (const it = node.retainers(); it.hasNext() && found.length < limit; it.next()) {
    const edge = it.item();
    if (edge.type() === 'weak' || edge.type() === 'shortcut') continue;
    const name = edge.type() === 'element' || edge.type() === 'hidden' ? `[${edge.name()}]` : `.${edge.name()}`;
    found.push(`${label(edge.node()).slice(0, 40)}${name.slice(0, 40)}`);
  }
  return found.length > 0 ? `(shared) ${found.join(', ')}` : '';
}

/**
 * The largest holders: objects retaining at least `minMiB`, leaving out one that only passes its memory on (a single
 * dominated child retains ≥ 90 % of it), so a Map's backing store is named once, through its owner.
 */
function holders(snapshot: Snapshot, minMiB: number, limit: number): HolderRow[] {
  const { nodeCount, nodeFieldCount } = snapshot;
  const min = minMiB * MiB;
  const big: number[] = [];
  for (let ordinal = 0; ordinal < nodeCount; ordinal++) {
    const node = snapshot.createNode(ordinal * nodeFieldCount);
    if (node.retainedSize() >= min && !node.isRoot()) big.push(ordinal);
  }
  // largest child (in the dominator tree) of each big node, among the big nodes
  const largestChild = new Map<number, number>();
  for (const ordinal of big) {
    const node = snapshot.createNode(ordinal * nodeFieldCount);
    const parent = node.dominatorIndex() / nodeFieldCount;
    largestChild.set(parent, Math.max(largestChild.get(parent) ?? 0, node.retainedSize()));
  }
  const rows: HolderRow[] = [];
  for (const ordinal of big) {
    const node = snapshot.createNode(ordinal * nodeFieldCount);
    if (NOT_OWNERS.has(node.type())) continue;
    if ((largestChild.get(ordinal) ?? 0) >= 0.9 * node.retainedSize()) continue;
    rows.push({
      holder: label(node).slice(0, 60),
      path: pathOf(snapshot, node, 3),
      retainedMiB: round(node.retainedSize()),
      selfMiB: round(node.selfSize()),
    });
  }
  return rows.sort((a, b) => b.retainedMiB - a.retainedMiB).slice(0, limit);
}

/** Reads and summarises a snapshot file: the top `limit` constructors by own size and holders by retained size. */
export async function summariseHeapSnapshot(path: string, limit = 20, minHolderMiB = 1): Promise<HeapSummary> {
  const snapshot = (await parse(createReadStream(path, 'utf8'))) as unknown as Snapshot;
  const byConstructor = Object.values(snapshot.aggregatesWithFilter({}))
    .map((a) => ({ name: a.name, count: a.count, selfMiB: round(a.self), maxRetainedMiB: round(a.maxRet) }))
    .sort((a, b) => b.selfMiB - a.selfMiB)
    .slice(0, limit);
  return {
    totalMiB: round(snapshot.totalSize),
    nodes: snapshot.nodeCount,
    byConstructor,
    holders: holders(snapshot, minHolderMiB, limit),
  };
}

/** The summary as two Markdown tables. */
export function heapSummaryMarkdown(summary: HeapSummary): string {
  return [
    `heap snapshot: ${summary.totalMiB} MiB in ${summary.nodes} objects`,
    '| constructor | objects | self MiB | largest retains MiB |',
    '|---|---|---|---|',
    ...summary.byConstructor.map((r) => `| ${r.name} | ${r.count} | ${r.selfMiB} | ${r.maxRetainedMiB} |`),
    '',
    '| holder | reached through | retains MiB | self MiB |',
    '|---|---|---|---|',
    ...summary.holders.map((r) => `| ${r.holder} | ${r.path} | ${r.retainedMiB} | ${r.selfMiB} |`),
  ].join('\n');
}

/**
 * Makes a process started with `--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=dir` write a snapshot and waits until
 * it is complete (V8 writes it synchronously; its size stops changing); returns its path.
 */
export async function signalHeapSnapshot(pid: number, dir: string, timeoutMs = 300_000): Promise<string> {
  const before = new Set(readdirSync(dir));
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + timeoutMs;
  let last = -1;
  for (;;) {
    await new Promise((r) => setTimeout(r, 1000));
    const file = readdirSync(dir).find((name) => name.endsWith('.heapsnapshot') && !before.has(name));
    const size = file ? statSync(join(dir, file)).size : -1;
    if (file && size > 0 && size === last) return join(dir, file);
    if (Date.now() > deadline) throw new Error(`no complete heap snapshot from process ${pid} in ${dir}`);
    last = size;
  }
}
