// Embeds many texts in bounded chunks, one after another, so a background job never floods the shared batching queue.
import type { EmbedOptions, Encoder } from '../ports/encoders.js';

export const EMBED_CHUNK = 64;

export async function embedInChunks(
  encoder: Encoder,
  texts: string[],
  onChunk?: (done: number, total: number) => void | Promise<void>,
  /** Whose texts these are (the workspace of the model), so the encoder's queue takes turns with other workspaces. */
  options?: EmbedOptions,
): Promise<Float32Array[]> {
  const vectors: Float32Array[] = [];
  for (let start = 0; start < texts.length; start += EMBED_CHUNK) {
    vectors.push(...(await encoder.embed(texts.slice(start, start + EMBED_CHUNK), options)));
    await onChunk?.(Math.min(start + EMBED_CHUNK, texts.length), texts.length);
  }
  return vectors;
}
