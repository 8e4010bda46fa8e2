// npm run build:encoder:use-lite: converts USE-lite from its pinned npm package, as published (float32) and with int8
// dense layers, and records the checksums the server's build then insists on (models/<id>/encoder.json).
// --check: fail when a committed file differs.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  convertUseLite,
  useLitePackage,
  USE_LITE_ENCODER_ID,
  USE_LITE_INT8_ENCODER_ID,
  USE_LITE_PACKAGE,
  type UseLiteStorage,
} from '@textclass/server/inference';

const { values } = parseArgs({ options: { check: { type: 'boolean', default: false } } });
const pkg = await useLitePackage();
const variants: Array<[string, UseLiteStorage]> = [
  [USE_LITE_ENCODER_ID, 'float32'],
  [USE_LITE_INT8_ENCODER_ID, 'int8'],
];
let differs = false;
for (const [id, weights] of variants) {
  const target = join('models', id, 'encoder.json');
  const converted = await convertUseLite(pkg.dir, id, `${USE_LITE_PACKAGE}@${pkg.version}`, weights);
  const text = `${JSON.stringify(converted.metadata, null, 2)}\n`;
  if (values.check) {
    const committed = await readFile(target, 'utf8');
    if (committed !== text) {
      process.stderr.write(`${target} differs from a fresh conversion:\n${text}`);
      differs = true;
    } else
      process.stdout.write(
        `${target}: a fresh conversion gives the committed checksums (model ${converted.metadata.model_sha256})\n`,
      );
  } else {
    await mkdir(join('models', id), { recursive: true });
    await writeFile(target, text);
    process.stdout.write(
      `wrote ${target} (model ${converted.metadata.model_sha256}, ${converted.model.length} bytes)\n`,
    );
  }
}
if (differs) process.exit(1);
