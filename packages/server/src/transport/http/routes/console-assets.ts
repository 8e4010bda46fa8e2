// Where the console's built files are: @textclass/console's dist/ (`npm run build` or `npm start` builds it).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The console's dist/ folder, or null when the console package is not installed beside the server. */
export function consoleDistDir(): string | null {
  try {
    return path.join(path.dirname(createRequire(import.meta.url).resolve('@textclass/console/package.json')), 'dist');
  } catch {
    return null;
  }
}

/** Whether a console build is there to serve (its index.html). */
export function consoleBuilt(dir: string | null): dir is string {
  return dir !== null && existsSync(path.join(dir, 'index.html'));
}
