// The encoder registry as the server loads it from this process's environment (TEXTCLASS_MODELS_DIR, TEXTCLASS_DEFAULT_ENCODER).
import { loadConfig } from '@textclass/server';
import { DEFAULT_ENCODER_ID, loadEncoderRegistry } from '@textclass/server/inference';

/** The registry of the configured models directory, its default the configured encoder (else the built-in default). */
export function configuredEncoders(): ReturnType<typeof loadEncoderRegistry> {
  const config = loadConfig(process.env);
  return loadEncoderRegistry({ modelsDir: config.modelsDir, defaultId: config.defaultEncoder ?? DEFAULT_ENCODER_ID });
}
