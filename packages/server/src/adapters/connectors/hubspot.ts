// HubSpot: tickets from the CRM search by hs_lastmodifieddate; labels written back to a ticket property.
//
// Vendor documentation followed here:
// - CRM search (`POST /crm/v3/objects/tickets/search`, `filterGroups`/`filters` with `GTE`/`GT`/`EQ`, one sort, `limit` at most
//   200, `after` paging, at most 10,000 results per query, five requests a second per account):
//   https://developers.hubspot.com/docs/guides/api/crm/search and
//   https://developers.hubspot.com/docs/api-reference/legacy/crm/objects/tickets/search/search-tickets.md
// - Tickets (`GET`/`PATCH /crm/v3/objects/tickets/{ticketId}` with `properties`):
//   https://developers.hubspot.com/docs/guides/api/crm/objects/tickets
// - Private app / OAuth access tokens as `Authorization: Bearer`; error bodies `{"status": "error", "message",
//   "correlationId", "category"}`; rate limits (429 with `policyName`, `X-HubSpot-RateLimit-Interval-Milliseconds`,
//   `-Max`, `-Remaining`, `-Daily-Remaining`): https://developers.hubspot.com/docs/guides/apps/api-usage/usage-details
//   and https://developers.hubspot.com/docs/guides/api/error-handling
import type {
  ConnectorEndpoint,
  ConnectorSource,
  LabelWrite,
  RemoteTicket,
} from '../../core/ports/connector-sources.js';
import { RemoteSystemError } from '../../core/ports/connector-sources.js';
import { requireCredential } from './credentials.js';
import { flattenFields } from './flatten-fields.js';
import { fieldValue } from './marker.js';
import { createRemoteHttp, numericHeader, type RemoteHttpOptions, type VendorProtocol } from './remote-http.js';
import { advanceHubSpot, decodeHubSpotCursor, hubspotSearchOf, startHubSpotCursor } from './hubspot-cursor.js';
import { writeOnce } from './write-once.js';

interface HubSpotObject {
  id: string;
  properties: Record<string, string | null>;
  createdAt?: string;
  updatedAt?: string;
  archived?: boolean;
}

/** The ticket properties a sync reads when no field mapping names them (HubSpot returns only the properties a search names). */
export const HUBSPOT_TICKET_PROPERTIES = [
  'subject',
  'content',
  'hs_pipeline',
  'hs_pipeline_stage',
  'hs_ticket_priority',
  'hs_ticket_category',
  'source_type',
  'createdate',
  'hs_lastmodifieddate',
  'hs_object_id',
];

/** What the source itself reads: the modification time it pages by and the id it pages by within one time. */
const PAGING_PROPERTIES = ['hs_lastmodifieddate', 'hs_object_id'];

/**
 * The properties a search asks for: those the connector's field mapping names (`archived` is the object's own flag,
 * not a property), or the usual ticket properties when the source is opened without a mapping, plus the paging ones.
 */
export function hubspotProperties(fields: readonly string[] | undefined): string[] {
  const named = fields === undefined ? HUBSPOT_TICKET_PROPERTIES : fields.filter((f) => f !== 'archived');
  return [...new Set([...named, ...PAGING_PROPERTIES])];
}

export const hubspotProtocol: VendorProtocol = {
  errorMessage(_status, body) {
    if (body === null || typeof body !== 'object') return null;
    const { message, category } = body as { message?: unknown; category?: unknown };
    if (typeof message !== 'string') return null;
    return typeof category === 'string' ? `${message} (${category})` : message;
  },
  rateLimitWaitSeconds(headers) {
    // A spent daily budget is not waited out: until midnight UTC is past any wait the client allows.
    if (numericHeader(headers, 'x-hubspot-ratelimit-daily-remaining') === 0) {
      const midnight = new Date();
      midnight.setUTCHours(24, 0, 0, 0);
      return (midnight.getTime() - Date.now()) / 1000;
    }
    const interval = numericHeader(headers, 'x-hubspot-ratelimit-interval-milliseconds');
    return interval === null ? 1 : interval / 1000;
  },
  pauseAfterSuccessSeconds(headers) {
    if (numericHeader(headers, 'x-hubspot-ratelimit-remaining') !== 0) return null;
    return (numericHeader(headers, 'x-hubspot-ratelimit-interval-milliseconds') ?? 1000) / 1000;
  },
};

export function hubspotTicket(raw: HubSpotObject): RemoteTicket {
  const modified = raw.properties.hs_lastmodifieddate ?? raw.updatedAt ?? '';
  return {
    remoteId: raw.id,
    updatedAt: new Date(Date.parse(modified)).toISOString(),
    fields: flattenFields([
      ['', raw.properties],
      ['archived', raw.archived ?? false],
    ]),
  };
}

export interface HubSpotOptions extends RemoteHttpOptions {
  /** Tickets per search page (at most 200; 100 by default). */
  pageSize?: number;
}

export function createHubSpotSource(endpoint: ConnectorEndpoint, options: HubSpotOptions): ConnectorSource {
  const token = requireCredential('hubspot', endpoint.credentials, 'access_token');
  const api = createRemoteHttp(endpoint.baseUrl, `Bearer ${token}`, hubspotProtocol, options);
  const pageSize = Math.min(200, options.pageSize ?? 100);
  const properties = hubspotProperties(endpoint.fields);

  return {
    type: 'hubspot',

    async fetchPage(cursor, since, signal) {
      const at =
        cursor !== null ? decodeHubSpotCursor(cursor) : startHubSpotCursor((since ?? new Date(0)).toISOString());
      const { body } = await api.request(
        {
          method: 'POST',
          path: '/crm/v3/objects/tickets/search',
          // A search changes nothing: tried again like a GET.
          retry: true,
          // Every position is a fresh search from its first result: `after` stays unused, so the 10,000-result cap of
          // one search is never reached.
          body: { ...hubspotSearchOf(at), properties, limit: pageSize },
        },
        signal,
      );
      const results = (body as { results?: unknown } | null)?.results;
      if (!Array.isArray(results)) throw new RemoteSystemError('remote', 200, 'the search answered without results');
      return advanceHubSpot(at, (results as HubSpotObject[]).map(hubspotTicket), pageSize);
    },

    async writeBack(write: LabelWrite, signal) {
      if (write.mode !== 'field')
        throw new RemoteSystemError('rejected', null, 'HubSpot connectors write a ticket property (mode field)');
      const property = write.field ?? '';
      if (!/^[a-z0-9_]+$/i.test(property))
        throw new RemoteSystemError('rejected', null, 'a HubSpot ticket property is named by its internal name');
      const path = `/crm/v3/objects/tickets/${encodeURIComponent(write.remoteId)}`;
      const value = fieldValue(write.labels);
      return writeOnce(
        api,
        async () => {
          const { body } = await api.request({ method: 'GET', path: `${path}?properties=${property}` }, signal);
          const properties = (body as { properties?: Record<string, unknown> }).properties ?? {};
          return Object.hasOwn(properties, property) && properties[property] === value;
        },
        () => api.request({ method: 'PATCH', path, body: { properties: { [property]: value } } }, signal),
        signal,
      );
    },
  };
}
