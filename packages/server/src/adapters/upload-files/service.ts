// File uploads: claim the dataset, spool the body to disk, answer, then check and stage every row and store them all at once (or none).
import { createReadStream } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { datasetKey } from '../../core/datasets/dataset-keys.js';
import type { DatasetService } from '../../core/datasets/datasets.js';
import { DomainError, notFound } from '../../core/shared/domain-errors.js';
import { checkCsvHeader, uploadRowValues } from '../../core/datasets/upload-rows.js';
import type { Upload, UploadError, UploadIntake, UploadRepository, UploadRequest } from '../../core/ports/uploads.js';
import { classificationJobs } from '../../core/datasets/classification-jobs.js';
import type { CellValue, Dataset, Page, PageRequest } from '../../core/shared/types.js';
import type { Logger } from '../observability/logger.js';
import type { PipelineEvents } from '../../core/ports/pipeline-events.js';
import { readRows, UploadLineError } from './read-rows.js';
import { prepareSpoolDirectory, spoolBody, tooLarge } from './spool.js';
import { unstorableColumn } from './storable-cells.js';

/** A processing upload whose heartbeat is older than this is taken for dead (its server crashed) and failed. */
export const UPLOAD_STALE_MS = 60_000;
/** Rows checked before they are staged in one transaction. */
const STAGE_ROWS = 5000;
const STOPPED: UploadError = {
  line: null,
  message: 'the server stopped before the upload was ingested; nothing was stored, upload the file again',
};
const CRASHED: UploadError = {
  line: null,
  message: 'the server that received the upload stopped before ingesting it; nothing was stored, upload the file again',
};

export interface UploadOptions {
  /** Directory for spool files (created when missing). */
  spoolDir: string;
  /** Largest body in bytes, after gzip decoding. */
  maxBytes: number;
  /** An upload whose heartbeat is older than this is taken for dead (its process crashed) and failed. */
  staleMs: number;
  logger: Logger;
  /** Told about received bodies and finished ingestions (metrics). */
  events?: PipelineEvents;
}

export class UploadService implements UploadIntake {
  private readonly running = new Map<string, Promise<void>>();
  private sweeper: NodeJS.Timeout | undefined;
  private closing = false;

  constructor(
    private readonly datasets: DatasetService,
    private readonly repo: UploadRepository,
    private readonly options: UploadOptions,
  ) {}

  /** Fails the uploads a dead process left processing (now, then every staleMs / 2) and removes their old spool files. */
  async start(): Promise<void> {
    await prepareSpoolDirectory(this.options.spoolDir);
    await this.sweep();
    this.sweeper = setInterval(() => void this.sweep(), Math.max(1000, this.options.staleMs / 2));
    this.sweeper.unref();
  }

  /** Fails what is still ingesting here and waits for it; the database must stay open until this settles. */
  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.sweeper);
    await Promise.allSettled(this.running.values());
  }

  /** Answers once the body is spooled whole; ingestion goes on in the background. */
  async receive(workspaceId: number, key: string, request: UploadRequest): Promise<Upload> {
    const encoding = (request.contentEncoding ?? 'identity').trim().toLowerCase();
    if (encoding !== 'identity' && encoding !== 'gzip') {
      throw new DomainError(
        'INVALID_PARAMETER',
        `Content-Encoding: "${request.contentEncoding}" is not supported; send gzip or identity`,
      );
    }
    const gzip = encoding === 'gzip';
    if (!gzip && request.contentLength !== undefined && request.contentLength > this.options.maxBytes)
      throw tooLarge(this.options.maxBytes);
    const dataset = await this.datasets.get(workspaceId, key);
    const begun = await this.repo.begin(workspaceId, dataset.id, request.format);
    if (begun === 'missing') throw notFound(`dataset ${datasetKey(dataset.id)}`);
    if (begun === 'busy')
      throw new DomainError(
        'DATASET_PROCESSING',
        `dataset ${datasetKey(dataset.id)} is processing; retry when it is ready`,
      );
    const file = path.join(this.options.spoolDir, `up_${begun.id}.spool`);
    const heartbeat = setInterval(
      () => void this.repo.heartbeat(begun.id).catch(() => undefined),
      Math.max(250, this.options.staleMs / 4),
    );
    heartbeat.unref();
    let upload: Upload;
    try {
      const bytes = await spoolBody(request.body, file, { maxBytes: this.options.maxBytes, gzip });
      upload = await this.repo.received(begun.id, bytes);
      this.options.events?.uploadReceived(bytes);
    } catch (err) {
      clearInterval(heartbeat);
      await rm(file, { force: true });
      await this.repo.discard(begun.id);
      throw err;
    }
    const ingestion = this.ingest(upload, dataset, file).finally(() => {
      clearInterval(heartbeat);
      this.running.delete(upload.id);
    });
    this.running.set(upload.id, ingestion);
    return upload;
  }

  async get(workspaceId: number, key: string, uploadId: string): Promise<Upload> {
    const dataset = await this.datasets.get(workspaceId, key);
    const upload = await this.repo.get(workspaceId, dataset.id, uploadId);
    if (!upload) throw notFound(`upload up_${uploadId} of dataset ${datasetKey(dataset.id)}`);
    return upload;
  }

  async list(workspaceId: number, key: string, page: PageRequest): Promise<Page<Upload>> {
    const dataset = await this.datasets.get(workspaceId, key);
    return this.repo.list(workspaceId, dataset.id, page);
  }

  /** Resolves when the upload's background ingestion (in this process) has ended; for tests and benchmarks. */
  async settled(uploadId: string): Promise<void> {
    await this.running.get(uploadId);
  }

  private async ingest(upload: Upload, dataset: Dataset, file: string): Promise<void> {
    const stored = await this.stageAndStore(upload, dataset, file);
    this.options.events?.uploadFinished(stored === undefined ? 'failed' : 'succeeded', stored ?? 0);
  }

  /** The rows stored, or undefined when the upload failed (or another process failed it meanwhile). */
  private async stageAndStore(upload: Upload, dataset: Dataset, file: string): Promise<number | undefined> {
    const source = createReadStream(file);
    try {
      let staged = 0;
      let batch: Array<Record<string, CellValue>> = [];
      for await (const { line, fields } of readRows(source, upload.format, (names) => checkCsvHeader(dataset, names))) {
        if (this.closing) throw new UploadLineError(STOPPED.line, STOPPED.message);
        let values: Record<string, CellValue>;
        try {
          values = uploadRowValues(dataset, fields, upload.format);
        } catch (err) {
          throw err instanceof DomainError ? new UploadLineError(line, err.message) : err;
        }
        const unstorable = unstorableColumn(values);
        if (unstorable !== undefined)
          throw new UploadLineError(
            line,
            `column "${unstorable}": contains U+0000 or an unpaired UTF-16 surrogate, which cannot be stored`,
          );
        batch.push(values);
        if (batch.length === STAGE_ROWS) {
          if (!(await this.repo.stage(upload.id, staged, batch))) return undefined;
          staged += batch.length;
          batch = [];
        }
      }
      if (batch.length > 0 && !(await this.repo.stage(upload.id, staged, batch))) return undefined;
      return (await this.repo.complete(upload.id, classificationJobs))?.rowsStored;
    } catch (err) {
      if (!(err instanceof UploadLineError))
        this.options.logger.error({ err, uploadId: upload.id }, 'upload ingestion failed');
      const error =
        err instanceof UploadLineError
          ? { line: err.line, message: err.message }
          : {
              line: null,
              message: 'ingestion stopped on an internal error; nothing was stored, upload the file again',
            };
      await this.repo
        .fail(upload.id, error)
        .catch((failErr: unknown) =>
          this.options.logger.error({ err: failErr, uploadId: upload.id }, 'could not mark the upload failed'),
        );
      return undefined;
    } finally {
      source.destroy();
      await rm(file, { force: true });
    }
  }

  private async sweep(): Promise<void> {
    try {
      const failed = await this.repo.failStale(this.options.staleMs, CRASHED);
      if (failed > 0) this.options.logger.warn({ failed }, 'failed uploads left processing by a stopped server');
      await this.removeOldSpoolFiles();
    } catch (err) {
      this.options.logger.error({ err }, 'sweeping stale uploads failed');
    }
  }

  private async removeOldSpoolFiles(): Promise<void> {
    const cutoff = Date.now() - this.options.staleMs;
    for (const name of await readdir(this.options.spoolDir)) {
      const id = /^up_(\d+)\.spool$/.exec(name)?.[1];
      if (id === undefined || this.running.has(id)) continue;
      const file = path.join(this.options.spoolDir, name);
      const info = await stat(file).catch(() => undefined);
      if (info && info.mtimeMs < cutoff) await rm(file, { force: true });
    }
  }
}
