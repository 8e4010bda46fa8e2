// Prometheus metrics and log lines of connector syncs: runs by outcome, tickets fetched / stored / written back and errors by kind, all labelled by the connector type (never its id).
import { Counter, type Registry } from 'prom-client';
import type { ConnectorEvents } from '../../core/ports/connectors.js';
import type { Logger } from './logger.js';

export function connectorMetrics(registry: Registry): ConnectorEvents {
  const registers = [registry];
  const runs = new Counter({
    name: 'textclass_connector_syncs_total',
    help: 'Connector sync runs finished, by connector type and outcome (succeeded, failed)',
    labelNames: ['type', 'outcome'],
    registers,
  });
  const tickets = new Counter({
    name: 'textclass_connector_tickets_total',
    help: 'Remote tickets handled by connector syncs, by connector type and stage (fetched, stored, written_back, skipped)',
    labelNames: ['type', 'stage'],
    registers,
  });
  const errors = new Counter({
    name: 'textclass_connector_errors_total',
    help: 'Connector sync runs that ended in an error, by connector type and kind (auth, rate_limited, remote, network, rejected, …)',
    labelNames: ['type', 'kind'],
    registers,
  });
  return {
    runFinished({ type, status, counts, error }) {
      runs.inc({ type, outcome: status === 'succeeded' ? 'succeeded' : 'failed' });
      tickets.inc({ type, stage: 'fetched' }, counts.fetched);
      tickets.inc({ type, stage: 'stored' }, counts.stored);
      tickets.inc({ type, stage: 'written_back' }, counts.writtenBack);
      tickets.inc({ type, stage: 'skipped' }, counts.skipped);
      if (error) errors.inc({ type, kind: error.kind });
    },
  };
}

/** One line per run: its counts, and the error as the remote put it (the credentials never reach a run). */
export function loggingConnectorEvents(logger: Logger): ConnectorEvents {
  return {
    runFinished({ type, connectorId, runId, status, counts, error }) {
      const fields = { connector: connectorId, type, run: runId, status, ...counts, ...(error ? { error } : {}) };
      if (error) logger.warn(fields, 'connector sync failed');
      else logger.info(fields, 'connector sync finished');
    },
  };
}

export function allConnectorEvents(...observers: ConnectorEvents[]): ConnectorEvents {
  return { runFinished: (report) => observers.forEach((o) => o.runFinished(report)) };
}
