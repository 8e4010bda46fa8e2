// What the command line's local commands are composed from: the encoder hub, the built-in encoders, labelled example files
// (imported by each command's action, so `serve` never loads the hub's HTTP client; the settings table, app/config/settings.ts, has the flags' defaults).
import { formatBytes, listEncoderCatalog, type CatalogEntry } from '../../adapters/encoder-hub/encoder-catalog.js';
import { pullEncoder } from '../../adapters/encoder-hub/pull-encoder.js';
import { BUILTIN_ENCODERS_DIR, DEFAULT_ENCODER_ID } from '../../adapters/inference/registry/package-paths.js';
import { readLabelledExamples } from '../../adapters/upload-files/labelled-examples.js';

export { formatBytes, pullEncoder, readLabelledExamples };

/** The encoder the server uses unless told otherwise. */
export const defaultEncoderId = DEFAULT_ENCODER_ID;

/** The built-in encoders and those pulled into `modelsDir`. */
export function listEncoders(modelsDir: string): Promise<CatalogEntry[]> {
  return listEncoderCatalog(modelsDir, BUILTIN_ENCODERS_DIR);
}
