// Reads the vectors of an embeddings answer: numbers as they are, base64 as little-endian float32 on any machine.
import type { EmbeddingsResponse } from './types.js';

/** One base64 vector of `encoding_format: "base64"` as a Float32Array (4 little-endian bytes a value). */
export function decodeEmbedding(base64: string): Float32Array {
  const binary = atob(base64);
  if (binary.length % 4 !== 0) throw new Error(`an embedding is 4 bytes a value; got ${binary.length} bytes`);
  const view = new DataView(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) view.setUint8(i, binary.charCodeAt(i));
  const vector = new Float32Array(binary.length / 4);
  for (let i = 0; i < vector.length; i++) vector[i] = view.getFloat32(i * 4, true);
  return vector;
}

/** The vectors of a POST /v2/embeddings answer, in the order of its texts, whichever encoding_format was asked for. */
export function embeddingsOf(response: EmbeddingsResponse): Float32Array[] {
  return response.embeddings.map((e) => (typeof e === 'string' ? decodeEmbedding(e) : Float32Array.from(e)));
}
