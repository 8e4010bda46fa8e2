// Reads the weights of a TF.js graph model (model.json's weightsManifest + its binary shards) as named float32 arrays.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface NamedWeight {
  readonly shape: readonly number[];
  readonly values: Float32Array;
}

interface ManifestEntry {
  name: string;
  shape: number[];
  dtype: string;
  quantization?: unknown;
}

interface ModelJson {
  weightsManifest: Array<{ paths: string[]; weights: ManifestEntry[] }>;
}

const BYTES_PER_VALUE = 4;

/** Every weight of dir/model.json by name; int32 constants are widened to float32 (they are small shape constants). */
export async function readTfjsWeights(dir: string): Promise<Map<string, NamedWeight>> {
  const model = JSON.parse(await readFile(join(dir, 'model.json'), 'utf8')) as ModelJson;
  const weights = new Map<string, NamedWeight>();
  for (const group of model.weightsManifest) {
    const shards = await Promise.all(group.paths.map((path) => readFile(join(dir, path))));
    const bytes = Buffer.concat(shards);
    let offset = 0;
    for (const entry of group.weights) {
      if (entry.quantization !== undefined) throw new Error(`${dir}: quantised weight ${entry.name} is not supported`);
      if (entry.dtype !== 'float32' && entry.dtype !== 'int32')
        throw new Error(`${dir}: weight ${entry.name} has unsupported dtype ${entry.dtype}`);
      const count = entry.shape.reduce((a, b) => a * b, 1);
      const end = offset + count * BYTES_PER_VALUE;
      if (end > bytes.length) throw new Error(`${dir}: the shards end before weight ${entry.name}`);
      const view = new DataView(bytes.buffer, bytes.byteOffset + offset, count * BYTES_PER_VALUE);
      const values = new Float32Array(count);
      for (let i = 0; i < count; i++)
        values[i] =
          entry.dtype === 'float32'
            ? view.getFloat32(i * BYTES_PER_VALUE, true)
            : view.getInt32(i * BYTES_PER_VALUE, true);
      weights.set(entry.name, { shape: entry.shape, values });
      offset = end;
    }
    if (offset !== bytes.length)
      throw new Error(`${dir}: ${bytes.length - offset} bytes of the shards are not described`);
  }
  return weights;
}
