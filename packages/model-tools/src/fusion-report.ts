// Which operators onnxruntime's graph optimiser leaves in a model: evidence that attention / LayerNorm / GELU were fused.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOnnxSession, ModelProto } from '@textclass/server/inference';

/** Operators onnxruntime substitutes for standard subgraphs on CPU. */
export const FUSED_OPS = [
  'Attention',
  'MultiHeadAttention',
  'SkipLayerNormalization',
  'EmbedLayerNormalization',
  'BiasGelu',
  'FastGelu',
  'Gelu',
  'FusedMatMul',
  'FusedGemm',
  'MatMulIntegerToFloat',
  'DynamicQuantizeMatMul',
  'LayerNormalization',
] as const;

export interface FusionReport {
  /** Operator counts before and after onnxruntime's optimisation (level "all"). */
  before: Record<string, number>;
  after: Record<string, number>;
  /** Fused operators that the optimiser added (count after minus count before). */
  fused: Record<string, number>;
}

function countOps(bytes: Uint8Array): Record<string, number> {
  const model = ModelProto.toObject(ModelProto.decode(bytes)) as { graph?: { node?: Array<{ op_type?: string }> } };
  const counts: Record<string, number> = {};
  for (const node of model.graph?.node ?? []) counts[node.op_type ?? '?'] = (counts[node.op_type ?? '?'] ?? 0) + 1;
  return counts;
}

/** Loads modelPath with full optimisation, saves the optimised graph to a temporary file and counts its operators. */
export async function fusionReport(modelPath: string): Promise<FusionReport> {
  const dir = await mkdtemp(join(tmpdir(), 'textclass-fusion-'));
  try {
    const optimizedModelPath = join(dir, 'optimized.onnx');
    const session = await createOnnxSession(modelPath, { optimizedModelPath });
    await session.release();
    const before = countOps(await readFile(modelPath));
    const after = countOps(await readFile(optimizedModelPath));
    const fused = Object.fromEntries(
      FUSED_OPS.filter((op) => (after[op] ?? 0) > (before[op] ?? 0)).map((op) => [
        op,
        (after[op] as number) - (before[op] ?? 0),
      ]),
    );
    return { before, after, fused };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
