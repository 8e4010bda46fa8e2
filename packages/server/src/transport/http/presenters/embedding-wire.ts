// How a vector goes on the wire: a JSON array of numbers, or the base64 of its little-endian float32 values.

export type EncodingFormat = 'float' | 'base64';

export function encodeVector(vector: Float32Array, format: EncodingFormat): number[] | string {
  if (format === 'float') return Array.from(vector);
  const bytes = Buffer.alloc(vector.length * 4);
  for (let i = 0; i < vector.length; i++) bytes.writeFloatLE(vector[i] as number, i * 4);
  return bytes.toString('base64');
}
