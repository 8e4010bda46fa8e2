// File uploads into a dataset: the Upload state, the intake port transports hand a body to, and the storage port that stages, completes or fails it.
import type { Readable } from 'node:stream';
import type { ExampleInput } from '../lifecycle/multi-label-examples.js';
import type { CellValue, Page, PageRequest } from '../shared/types.js';
import type { JobsForStoredRows } from './pipeline.js';

export type UploadStatus = 'processing' | 'completed' | 'failed';
export type UploadFormat = 'csv' | 'jsonl';

export interface UploadError {
  /** 1-based line of the file where the rejected row begins; null when no single line is at fault. */
  line: number | null;
  message: string;
}

export interface Upload {
  id: string;
  workspaceId: number;
  datasetId: number;
  format: UploadFormat;
  status: UploadStatus;
  rowsReceived: number;
  rowsStored: number;
  bytesReceived: number;
  error: UploadError | null;
  createdAt: Date;
  completedAt: Date | null;
}

export interface UploadRepository {
  /**
   * Moves the dataset from `ready` to `processing` and creates the upload, in one transaction.
   * 'busy' when the dataset is already processing; 'missing' when it is not in the workspace.
   */
  begin(workspaceId: number, datasetId: number, format: UploadFormat): Promise<Upload | 'busy' | 'missing'>;
  get(workspaceId: number, datasetId: number, uploadId: string): Promise<Upload | undefined>;
  /** One page of the dataset's uploads, newest first. */
  list(workspaceId: number, datasetId: number, page: PageRequest): Promise<Page<Upload>>;
  /** Records the size of the spooled body. */
  received(uploadId: string, bytes: number): Promise<Upload>;
  /** Deletes an upload whose body never arrived whole and sets its dataset ready again. */
  discard(uploadId: string): Promise<void>;
  /** Marks the upload alive; false when it is no longer processing (failed by another process). */
  heartbeat(uploadId: string): Promise<boolean>;
  /** Stages checked rows from `firstIndex` (0-based row number) and raises rows_received; false when no longer processing. */
  stage(uploadId: string, firstIndex: number, rows: Array<Record<string, CellValue>>): Promise<boolean>;
  /**
   * One transaction: the staged rows become records (in file order, with the jobs `jobsFor` asks for), the
   * dataset's row count grows and it is ready again, the upload is completed and its staging rows are gone.
   * Undefined when the upload was no longer processing (nothing stored).
   */
  complete(uploadId: string, jobsFor: JobsForStoredRows): Promise<Upload | undefined>;
  /** Fails a processing upload: staging rows removed, dataset ready again. False when it was not processing. */
  fail(uploadId: string, error: UploadError): Promise<boolean>;
  /** Fails every processing upload whose heartbeat is older than `staleMs` (its process died); returns how many. */
  failStale(staleMs: number, error: UploadError): Promise<number>;
}

/** A file body as a transport receives it: its media type, its encoding and its bytes as a stream. */
export interface UploadRequest {
  format: UploadFormat;
  contentEncoding: string | undefined;
  contentLength: number | undefined;
  /** The bytes as they arrive (an HTTP request body, say); consumed once. */
  body: Readable;
}

/** Where transports hand file uploads: answered once the body is safely received, ingested in the background. */
export interface UploadIntake {
  /** Answers once the body is spooled whole; ingestion goes on in the background. */
  receive(workspaceId: number, datasetKey: string, request: UploadRequest): Promise<Upload>;
  get(workspaceId: number, datasetKey: string, uploadId: string): Promise<Upload>;
  /** One page of the dataset's uploads, newest first. */
  list(workspaceId: number, datasetKey: string, page: PageRequest): Promise<Page<Upload>>;
}

/** Reads labelled examples (text, label) from a CSV or JSON Lines file body; a bad line is an error naming it. */
export type LabelledExamplesReader = (body: Buffer, format: UploadFormat) => Promise<ExampleInput[]>;
