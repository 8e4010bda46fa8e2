// Connectors composed: the credential cipher from the operator's key, the service behind /v2/connectors, and the sync runner on a poll loop beside the pipeline workers.
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Config } from '../config/load-config.js';
import { ConnectorService } from '../../core/connectors/connector-service.js';
import { ConnectorSyncRunner, DEFAULT_SYNC_OPTIONS } from '../../core/connectors/sync-runner.js';
import { classificationJobs } from '../../core/datasets/classification-jobs.js';
import type { ConnectorSourceFactory } from '../../core/ports/connector-sources.js';
import type { ConnectorRepository, CredentialCipher } from '../../core/ports/connectors.js';
import type { Repositories } from '../../core/ports/repositories.js';
import { PollLoop } from '../../core/shared/poll-loop.js';
import { createCredentialCipher, parseConnectorKey } from '../../adapters/connector-credentials/credential-cipher.js';
import {
  allConnectorEvents,
  connectorMetrics,
  loggingConnectorEvents,
} from '../../adapters/observability/connector-metrics.js';
import type { Logger } from '../../adapters/observability/logger.js';
import type { Metrics } from '../../adapters/observability/prometheus-metrics.js';
import { checkConnectorBaseUrl } from '../../adapters/connectors/index.js';

export interface ConnectorWorkers {
  service: ConnectorService;
  /** Starts the sync loop (no-op when pipeline workers are off). */
  start(): void;
  stop(): Promise<void>;
}

/** The cipher of TEXTCLASS_CONNECTOR_KEY, or undefined when it is not set; a malformed key stops the start. */
export function connectorCipher(config: Config): CredentialCipher | undefined {
  return config.connectorKey === undefined ? undefined : createCredentialCipher(parseConnectorKey(config.connectorKey));
}

export function createConnectorWorkers(input: {
  config: Config;
  repos: Repositories;
  connectors: ConnectorRepository;
  sources: ConnectorSourceFactory;
  logger: Logger;
  metrics: Metrics | undefined;
}): ConnectorWorkers {
  const { config, repos, connectors, logger } = input;
  const cipher = connectorCipher(config);
  const events = allConnectorEvents(
    loggingConnectorEvents(logger),
    ...(input.metrics ? [connectorMetrics(input.metrics.registry)] : []),
  );
  const runner = new ConnectorSyncRunner(
    { connectors, models: repos.models, sources: input.sources, cipher, jobsFor: classificationJobs, events },
    {
      ...DEFAULT_SYNC_OPTIONS,
      owner: `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`,
      leaseMs: config.connectorLeaseMs,
      writeLeaseMs: config.connectorLeaseMs,
      classificationWaitMs: config.connectorClassificationWaitMs,
      pollMs: Math.min(250, config.pipelinePollMs),
    },
  );
  const loop = new PollLoop(() => runner.tick(), {
    minDelayMs: Math.min(50, config.pipelinePollMs),
    maxDelayMs: config.pipelinePollMs,
    onError: (err: unknown) => logger.error({ err, loop: 'connectors' }, 'pipeline tick failed'),
  });
  const service = new ConnectorService({
    connectors,
    datasets: repos.datasets,
    cipher,
    checkBaseUrl: (url) => checkConnectorBaseUrl(url, config.connectorAllowPrivate),
    onSyncRequested: () => loop.wake(),
  });
  return {
    service,
    start() {
      if (config.pipelineWorkers) loop.start();
    },
    stop: () => {
      runner.stop();
      return loop.stop();
    },
  };
}
