// The environment variables loadConfig reads, recorded by handing it an environment that logs each lookup.
import { loadConfig } from './load-config.js';

export function variablesReadByConfig(): Set<string> {
  const read = new Set<string>();
  const env = new Proxy({} as NodeJS.ProcessEnv, {
    get(_target, name) {
      if (typeof name === 'string') read.add(name);
      return undefined;
    },
  });
  loadConfig(env);
  return read;
}
