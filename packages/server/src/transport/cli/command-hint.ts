// How a hint the server prints spells a `textclass` command so that it runs as printed: `npx textclass` under `npm start`, the data directory when it is not the default.
import path from 'node:path';

/**
 * `textclass <args>` as the person reading the banner can run it: through npx when the server was started by an npm
 * script in a checkout (no `textclass` on the PATH there, the workspace links it for npx), with `--data-dir` when
 * the server's data directory is not the `./data` a command run from the same directory would open.
 */
export function textclassCommand(args: string, dataDir: string, env: NodeJS.ProcessEnv = process.env): string {
  const program = env.npm_lifecycle_event ? 'npx textclass' : 'textclass';
  const dataDirFlag = path.resolve(dataDir) === path.resolve('./data') ? '' : ` --data-dir ${quoted(dataDir)}`;
  return `${program} ${args}${dataDirFlag}`;
}

/** A path as one shell word: bare when it holds only safe characters, else single-quoted. */
function quoted(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;
}
