// Reporters for every package: the default one, plus a JSON report per package when CI asks for it.
import path from 'node:path';

export function reportersFor(name: string) {
  const dir = process.env.TEXTCLASS_TEST_REPORT;
  return dir
    ? { reporters: ['default', 'json'], outputFile: { json: path.join(dir, `${name}.json`) } }
    : { reporters: ['default'] };
}
