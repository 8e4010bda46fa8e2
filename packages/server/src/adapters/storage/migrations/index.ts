// The ordered list of migrations, provided in code so it works the same from src (tsx, vitest) and dist.
import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001_initial.js';
import * as m0002 from './0002_quota_usage.js';
import * as m0004 from './0004_jobs_webhooks.js';
import * as m0005 from './0005_uploads.js';
import * as m0006 from './0006_model_lifecycle.js';
import * as m0007 from './0007_trace_context.js';
import * as m0008 from './0008_change_notifications.js';
import * as m0009 from './0009_record_failures.js';
import * as m0010 from './0010_review.js';
import * as m0011 from './0011_multi_label.js';
import * as m0012 from './0012_evaluations.js';
import * as m0013 from './0013_connectors.js';
import * as m0014 from './0014_console_reads.js';
import * as m0015 from './0015_delivery_claims.js';
import * as m0016 from './0016_first_attempt.js';

/** Append new migrations here with the next number; never rename, reorder or edit a shipped one. */
const migrations: Readonly<Record<string, Migration>> = {
  '0001_initial': m0001,
  '0002_quota_usage': m0002,
  '0004_jobs_webhooks': m0004,
  '0005_uploads': m0005,
  '0006_model_lifecycle': m0006,
  '0007_trace_context': m0007,
  '0008_change_notifications': m0008,
  '0009_record_failures': m0009,
  '0010_review': m0010,
  '0011_multi_label': m0011,
  '0012_evaluations': m0012,
  '0013_connectors': m0013,
  '0014_console_reads': m0014,
  '0015_delivery_claims': m0015,
  '0016_first_attempt': m0016,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => ({ ...migrations }),
};
