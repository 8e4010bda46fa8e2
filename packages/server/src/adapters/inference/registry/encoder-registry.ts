// The encoders this server can use (built-in ones plus static and sentence-transformers exports under the models directory).
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { notFound } from '../../../core/shared/domain-errors.js';
import type { Encoder, EncoderProvider } from '../../../core/ports/encoders.js';
import { ENCODER_FILES, readEncoderMetadata } from '../encoder-metadata.js';
import type { EncoderModel } from '../encoder-model.js';
import { BUILTIN_ENCODERS_DIR, DEFAULT_ENCODER_ID } from './package-paths.js';
import { StaticEncoder, type StaticEncoderOptions } from '../static/static-encoder.js';
import { workerSessionShape } from '../onnx/onnx-session-pool.js';
import { TransformerEncoder, type TransformerEncoderOptions } from '../transformer/transformer-encoder.js';
import { isTransformerExport } from '../transformer/transformer-export.js';
import { openUnigramTransformer } from '../use-lite/unigram-transformer.js';
import { JointEncoder } from '../joint/joint-encoder.js';
import { encoderTypeOf, parseJointMetadata } from '../joint/joint-metadata.js';
import { readFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';

export { DEFAULT_ENCODER_ID };

export interface EncoderRegistryOptions {
  /**
   * TEXTCLASS_MODELS_DIR: encoders in <modelsDir>/encoders/<id>/ are added, and win over built-in ones of the same id.
   * A directory with encoder.json is a static-embedding encoder; one with tokenizer.json and model.onnx (or
   * onnx/model*.onnx) is a sentence-transformers export, whose id is its directory name (or textclass.json "id").
   */
  modelsDir?: string;
  /** Replaces the built-in assets/encoders directory (tests). */
  builtinDir?: string;
  /** TEXTCLASS_DEFAULT_ENCODER; the built-in use-multi-612 when absent. */
  defaultId?: string;
  encoder?: StaticEncoderOptions;
  transformer?: TransformerEncoderOptions;
  /** TEXTCLASS_ENCODER_WORKERS: worker sessions a transformer runs side by side (workerSessionShape); default 1. */
  encoderWorkers?: number;
}

/** A transformer's options: its sessions shaped by `encoderWorkers`, unless `transformer.session` says otherwise. */
function transformerOptions(options: EncoderRegistryOptions): TransformerEncoderOptions {
  const shape = workerSessionShape(options.encoderWorkers ?? 1);
  return { ...options.transformer, session: { ...shape, ...options.transformer?.session } };
}

/** The default encoder is not on disk: the package was not built, or TEXTCLASS_DEFAULT_ENCODER names an absent one. */
export class EncoderNotBuiltError extends Error {
  constructor(
    readonly encoderId: string,
    searched: string[],
    found: string[] = [],
  ) {
    super(
      `default encoder "${encoderId}" not found (looked in ${searched.join(', ')}; found: ${found.join(', ') || 'none'}); ` +
        'run `npm run build` at the repository root to build the built-in encoder, or set TEXTCLASS_DEFAULT_ENCODER to one found',
    );
    this.name = 'EncoderNotBuiltError';
  }
}

type EncoderKind = 'described' | 'transformer';

/** A loaded encoder: its two stages for the serving stack, and embed() for scripts and evaluation. */
export type LoadedEncoder = Encoder & EncoderModel;

/** Sub-directories of dir that hold an encoder, sorted, with their kind; none when dir does not exist. */
async function encoderSubdirs(dir: string): Promise<Array<{ dir: string; kind: EncoderKind }>> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const dirs = entries
    .filter((e) => e.isDirectory())
    .map((e) => join(dir, e.name))
    .sort();
  const found = await Promise.all(
    dirs.map(async (sub) => {
      if ((await readdir(sub)).includes(ENCODER_FILES.metadata)) return { dir: sub, kind: 'described' as const };
      return (await isTransformerExport(sub)) ? { dir: sub, kind: 'transformer' as const } : undefined;
    }),
  );
  return found.filter((f) => f !== undefined);
}

export class EncoderRegistry implements EncoderProvider {
  private readonly encoders: ReadonlyMap<string, LoadedEncoder>;
  private readonly needed = new Set<string>();

  /** fingerprints: model checksums recorded in encoder.json, by encoder id (static tables carry their own). */
  constructor(
    encoders: LoadedEncoder[],
    readonly defaultId: string,
    private readonly fingerprints: ReadonlyMap<string, string> = new Map(),
  ) {
    this.encoders = new Map(encoders.map((e) => [e.id, e]));
    if (!this.encoders.has(defaultId)) throw new Error(`default encoder "${defaultId}" is not among the encoders`);
    this.need([defaultId]);
  }

  /** The encoder used when a model names none. */
  get default(): LoadedEncoder {
    return this.get(this.defaultId);
  }

  /** Throws NOT_FOUND when no encoder has this id. */
  get(id: string): LoadedEncoder {
    const encoder = this.encoders.get(id);
    if (!encoder) throw notFound(`encoder "${id}"`);
    return encoder;
  }

  /** SHA-256 of an encoder's ONNX file (from its encoder.json); null for encoders without recorded checksums. */
  fingerprint(id: string): string | null {
    const encoder = this.get(id);
    return encoder instanceof StaticEncoder ? encoder.metadata.model_sha256 : (this.fingerprints.get(id) ?? null);
  }

  has(id: string): boolean {
    return this.encoders.has(id);
  }

  ids(): string[] {
    return [...this.encoders.keys()];
  }

  /**
   * Marks encoders as needed (a deployed model's, the default, an explicit setting): warmup() loads them, ready() waits
   * for them. A joint encoder's parts are needed with it. Unknown ids are skipped (a model over a removed encoder).
   */
  need(ids: Iterable<string>): void {
    for (const id of ids) {
      const encoder = this.encoders.get(id);
      if (!encoder || this.needed.has(id)) continue;
      this.needed.add(id);
      if (encoder instanceof JointEncoder) this.need(encoder.metadata.parts.map((p) => p.id));
    }
  }

  isNeeded(id: string): boolean {
    return this.needed.has(id);
  }

  /** The encoders a joint encoder runs; none for others. */
  partsOf(id: string): readonly string[] {
    const encoder = this.encoders.get(id);
    return encoder instanceof JointEncoder ? encoder.metadata.parts.map((p) => p.id) : [];
  }

  /** The ids of the encoders loaded at start and awaited by ready(), sorted. */
  neededIds(): string[] {
    return [...this.needed].sort();
  }

  /** Loads and runs every needed encoder once; the others load on first use. */
  async warmup(): Promise<void> {
    await Promise.all(this.neededIds().map((id) => this.get(id).warmup()));
  }

  /** True once every needed encoder is warm (what /health/ready reports). */
  ready(): boolean {
    return this.neededIds().every((id) => this.get(id).health());
  }

  /** Releases every encoder's ONNX session. */
  async close(): Promise<void> {
    await Promise.all([...this.encoders.values()].map((e) => e.close()));
  }
}

/** An encoder directory with encoder.json: a static table or a unigram transformer, as its type says. */
async function openDescribed(
  dir: string,
  options: EncoderRegistryOptions,
  fingerprints: Map<string, string>,
): Promise<LoadedEncoder> {
  const metadata = await readEncoderMetadata(dir);
  if (metadata.type !== 'unigram-transformer') return StaticEncoder.open(dir, options.encoder);
  const encoder = await openUnigramTransformer(dir, metadata, transformerOptions(options));
  if (!fingerprints.has(encoder.id)) fingerprints.set(encoder.id, metadata.model_sha256);
  return encoder;
}

/** A joint encoder over encoders already opened (its parts are shared with the registry, not loaded twice). */
async function openJoint(dir: string, encoders: ReadonlyMap<string, LoadedEncoder>): Promise<JointEncoder> {
  const metadata = parseJointMetadata(JSON.parse(await readFile(join(dir, ENCODER_FILES.metadata), 'utf8')), dir);
  const parts = metadata.parts.map((part) => {
    const encoder = encoders.get(part.id);
    if (!encoder)
      throw new Error(`${dir}: joint encoder ${metadata.id} needs encoder "${part.id}", which is not installed`);
    return encoder;
  });
  if (!(parts[metadata.parts.findIndex((p) => p.id === metadata.gloss.from)] instanceof StaticEncoder))
    throw new Error(`${dir}: the gloss source ${metadata.gloss.from} must be a static-embedding encoder`);
  return new JointEncoder(metadata, dir, parts);
}

/** Reads every encoder's metadata (fast); weights load on warmup() or first use. */
export async function loadEncoderRegistry(options: EncoderRegistryOptions = {}): Promise<EncoderRegistry> {
  const dirs = [
    ...(options.modelsDir ? [join(options.modelsDir, 'encoders')] : []),
    options.builtinDir ?? BUILTIN_ENCODERS_DIR,
  ];
  const defaultId = options.defaultId ?? DEFAULT_ENCODER_ID;
  const encoders = new Map<string, LoadedEncoder>();
  const fingerprints = new Map<string, string>();
  const joints: string[] = [];
  for (const dir of dirs) {
    for (const sub of await encoderSubdirs(dir)) {
      if (sub.kind === 'described' && (await encoderTypeOf(sub.dir)) === 'joint') {
        joints.push(sub.dir);
        continue;
      }
      const encoder =
        sub.kind === 'described'
          ? await openDescribed(sub.dir, options, fingerprints)
          : await TransformerEncoder.open(sub.dir, transformerOptions(options));
      if (!encoders.has(encoder.id)) encoders.set(encoder.id, encoder);
    }
  }
  for (const dir of joints) {
    const joint = await openJoint(dir, encoders);
    if (encoders.has(joint.id)) continue;
    encoders.set(joint.id, joint);
    // Its identity: the parts, their weights and the gloss's checksums, as encoder.json records them.
    fingerprints.set(joint.id, createHash('sha256').update(JSON.stringify(joint.metadata)).digest('hex'));
  }
  if (!encoders.has(defaultId)) throw new EncoderNotBuiltError(defaultId, dirs, [...encoders.keys()]);
  return new EncoderRegistry([...encoders.values()], defaultId, fingerprints);
}
