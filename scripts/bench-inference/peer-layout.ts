// Lays the export out as transformers.js looks for it offline: <localModelPath>/<id>/{config,tokenizer*}.json, onnx/model.onnx.
import { existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join, relative, dirname } from 'node:path';
import type { Subject } from '@textclass/model-tools';

const FILES = ['config.json', 'tokenizer.json', 'tokenizer_config.json'];

/**
 * transformers.js resolves `<localModelPath>/<model id>/` and, for dtype fp32, `onnx/model.onnx` (q8 would be
 * `onnx/model_quantized.onnx`). The synthetic export has model.onnx at its root, so this links the same files
 * (no copies) into `<cacheDir>/transformersjs/<id>/`. Returns the localModelPath.
 */
export function arrangePeerLayout(cacheDir: string, subject: Subject): string {
  const root = join(cacheDir, 'transformersjs');
  const dir = join(root, subject.id);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'onnx'), { recursive: true });
  const link = (target: string, path: string) => symlinkSync(relative(dirname(path), target), path);
  for (const file of FILES) if (existsSync(join(subject.dir, file))) link(join(subject.dir, file), join(dir, file));
  link(subject.modelPath, join(dir, 'onnx', 'model.onnx'));
  return root;
}
