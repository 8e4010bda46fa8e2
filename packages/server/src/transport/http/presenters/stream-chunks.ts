// Streams generated text to a response with backpressure: the next chunk is made only when the client takes the last.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';

/** Resolves when the response ended, or when the client went away (the source is then closed, its `finally` run). */
export async function streamChunks(res: Response, chunks: AsyncIterable<string>): Promise<void> {
  // One chunk held ahead: memory stays at about one page however large the whole.
  const source = Readable.from(chunks, { objectMode: true, highWaterMark: 1 });
  try {
    await pipeline(source, res);
  } catch (err) {
    // A client that disconnects is no server error; anything else is (the response is cut short by the error handler).
    if ((err as NodeJS.ErrnoException | undefined)?.code !== 'ERR_STREAM_PREMATURE_CLOSE') throw err;
  }
}
