// The connector sources: one ConnectorSource per helpdesk, CRM or ITSM system, each reached through the shared remote HTTP client.
import type { LookupFunction } from 'node:net';
import type { ConnectorSourceFactory, ConnectorType, WriteBackMode } from '../../core/ports/connector-sources.js';
import { RemoteSystemError } from '../../core/ports/connector-sources.js';
import { createFreshdeskSource } from './freshdesk.js';
import { createHubSpotSource } from './hubspot.js';
import { createServiceNowSource } from './servicenow.js';
import { createZendeskSource } from './zendesk.js';

export { checkConnectorBaseUrl } from './base-url.js';

export interface ConnectorSourcesOptions {
  /** Lets base URLs reach loopback, private and link-local addresses (stand-ins, on-premises systems). */
  allowPrivateAddresses: boolean;
  /** One request's limit in milliseconds (30 s). */
  timeoutMs?: number;
  /** Attempts for 5xx, timeouts and dropped connections (4). */
  maxAttempts?: number;
  /** First retry backoff in milliseconds, doubling each attempt (500 ms). */
  backoffMs?: number;
  /** The longest `Retry-After` waited out; a longer one fails the call with `rate_limited` (120 s). */
  maxRateLimitWaitSeconds?: number;
  /** Tickets asked for per page (each vendor's own maximum by default). */
  pageSize?: number;
  /** DNS lookup (tests inject one). */
  lookup?: LookupFunction;
}

/** What each system needs and can do, for validating a connector before it is stored. */
export const connectorVendors: Record<
  ConnectorType,
  { credentialFields: string[]; writeModes: WriteBackMode[]; baseUrlExample: string }
> = {
  zendesk: {
    credentialFields: ['email', 'api_token'],
    writeModes: ['tags', 'field', 'note'],
    baseUrlExample: 'https://acme.zendesk.com',
  },
  freshdesk: {
    credentialFields: ['api_key'],
    writeModes: ['tags', 'field', 'note'],
    baseUrlExample: 'https://acme.freshdesk.com',
  },
  servicenow: {
    credentialFields: ['username', 'password'],
    writeModes: ['field', 'note'],
    baseUrlExample: 'https://acme.service-now.com',
  },
  hubspot: {
    credentialFields: ['access_token'],
    writeModes: ['field'],
    baseUrlExample: 'https://api.hubapi.com',
  },
};

/**
 * The account's base URL from what an operator typed: a full URL as it is (trailing slashes dropped), or a bare
 * subdomain (`acme`) as the system's hosted address (`https://acme.zendesk.com`). HubSpot has one API host.
 */
export function connectorBaseUrl(type: ConnectorType, raw: string): string {
  const trimmed = raw.trim().replace(/\/+$/, '');
  if (type === 'hubspot' && trimmed === '') return 'https://api.hubapi.com';
  if (!/^[a-z0-9-]+$/i.test(trimmed)) return trimmed;
  const host = { zendesk: 'zendesk.com', freshdesk: 'freshdesk.com', servicenow: 'service-now.com', hubspot: null }[
    type
  ];
  return host === null ? trimmed : `https://${trimmed.toLowerCase()}.${host}`;
}

export function createConnectorSources(options: ConnectorSourcesOptions): ConnectorSourceFactory {
  return (endpoint) => {
    const resolved = { ...endpoint, baseUrl: connectorBaseUrl(endpoint.type, endpoint.baseUrl) };
    switch (endpoint.type) {
      case 'zendesk':
        return createZendeskSource(resolved, options);
      case 'freshdesk':
        return createFreshdeskSource(resolved, options);
      case 'servicenow':
        return createServiceNowSource(resolved, options);
      case 'hubspot':
        return createHubSpotSource(resolved, options);
      default:
        throw new RemoteSystemError('rejected', null, `no connector source for "${String(endpoint.type)}"`);
    }
  };
}
