// Receives an upload body into a spool file on disk (gunzipping it when asked), never holding more than a stream buffer in memory.
import { createWriteStream } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { DomainError } from '../../core/shared/domain-errors.js';

/**
 * The spool directory, readable by this user only (0700, also when an older version created it 0755): upload files
 * hold customers' rows until they are ingested.
 */
export async function prepareSpoolDirectory(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
}

/** An upload over the size limit: typed as body-parser types its errors, so the HTTP transport answers it 413. */
export class UploadTooLargeError extends Error {
  readonly type = 'upload.too.large';
  readonly status = 413;
  constructor(maxBytes: number) {
    super(`body: the upload is larger than ${maxBytes} bytes`);
    this.name = 'UploadTooLargeError';
  }
}

export const tooLarge = (maxBytes: number): UploadTooLargeError => new UploadTooLargeError(maxBytes);

/**
 * Writes the body to `file` and answers its size (decoded). The body is piped, not part of the pipeline, so a
 * failure (over the limit, bad gzip) leaves an HTTP request's socket open for the error answer. A body that
 * closes before its end (a client that went away) is cut off.
 */
export async function spoolBody(
  req: Readable,
  file: string,
  options: { maxBytes: number; gzip: boolean },
): Promise<number> {
  let bytes = 0;
  const head = new PassThrough();
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > options.maxBytes) done(tooLarge(options.maxBytes));
      else done(null, chunk);
    },
  });
  const cutOff = () => new DomainError('INVALID_PARAMETER', 'body: the upload was cut off before it was complete');
  const onClose = () => {
    if (!req.readableEnded) head.destroy(cutOff());
  };
  const onError = () => head.destroy(cutOff());
  req.once('close', onClose);
  req.once('error', onError);
  req.pipe(head);
  try {
    const stages = options.gzip ? [head, createGunzip(), limit] : [head, limit];
    await pipeline([...stages, createWriteStream(file, { flags: 'wx', mode: 0o600 })]);
    return bytes;
  } catch (err) {
    if (err instanceof DomainError || err instanceof UploadTooLargeError) throw err;
    if (typeof (err as { code?: unknown }).code === 'string' && (err as { code: string }).code.startsWith('Z_')) {
      throw new DomainError('INVALID_PARAMETER', 'body: not valid gzip (Content-Encoding: gzip)');
    }
    throw err;
  } finally {
    req.off('close', onClose);
    req.off('error', onError);
    req.unpipe(head);
  }
}
