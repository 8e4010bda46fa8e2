// ServiceNow: incidents from the Table API by sys_updated_on; labels written back to a field and as a work note.
//
// Vendor documentation followed here:
// - Table API (`GET /api/now/table/{tableName}` with `sysparm_query`, `sysparm_limit`, `sysparm_offset`,
//   `sysparm_display_value`, `sysparm_exclude_reference_link`; `GET`/`PATCH /api/now/table/{tableName}/{sys_id}`):
//   https://developer.servicenow.com/dev.do#!/reference/api/latest/rest/c_TableAPI
//   and https://docs.servicenow.com/bundle/washingtondc-api-reference/page/integrate/inbound-rest/concept/c_TableAPI.html
// - Encoded query strings (`field>=value`, `^ORDERBYfield`, `LIKE`):
//   https://docs.servicenow.com/bundle/washingtondc-platform-user-interface/page/use/using-lists/concept/c_EncodedQueryStrings.html
// - Work notes are journal entries, read from `sys_journal_field` (`element_id`, `element=work_notes`, `value`).
// - Basic authentication; errors as `{"error": {"message", "detail"}, "status": "failure"}`; rate limit rules answer
//   429 with `Retry-After`, `X-RateLimit-Limit` and `X-RateLimit-Reset` (epoch seconds):
//   https://docs.servicenow.com/bundle/washingtondc-api-reference/page/integrate/inbound-rest/concept/inbound-REST-API-rate-limiting.html
//
// Times: `sys_updated_on` is read as stored (UTC, `YYYY-MM-DD HH:MM:SS`, with sysparm_display_value=false) and the
// query compares against the same form; the integration user's time zone should be UTC so that both agree.
import type {
  ConnectorEndpoint,
  ConnectorSource,
  LabelWrite,
  RemoteTicket,
} from '../../core/ports/connector-sources.js';
import { RemoteSystemError } from '../../core/ports/connector-sources.js';
import { requireCredential } from './credentials.js';
import { flattenFields } from './flatten-fields.js';
import { fieldValue, markerToken, noteText } from './marker.js';
import {
  basicAuthorization,
  createRemoteHttp,
  numericHeader,
  type RemoteHttpOptions,
  type VendorProtocol,
} from './remote-http.js';
import { decodeKeysetCursor, encodeKeysetCursor, type KeysetCursor } from './keyset-cursor.js';
import { writeOnce } from './write-once.js';

type Incident = Record<string, unknown> & { sys_id: string; sys_updated_on: string };

export const servicenowProtocol: VendorProtocol = {
  errorMessage(_status, body) {
    if (body === null || typeof body !== 'object') return null;
    const error = (body as { error?: { message?: unknown; detail?: unknown } }).error;
    if (error === undefined || error === null) return null;
    return [error.message, error.detail].filter((s) => typeof s === 'string' && s !== '').join(': ') || null;
  },
  rateLimitWaitSeconds(headers) {
    const reset = numericHeader(headers, 'x-ratelimit-reset');
    return reset === null ? null : Math.max(0, reset - Date.now() / 1000);
  },
};

/** `2026-01-01 10:00:00` (UTC) as milliseconds. */
export function servicenowMillis(stamp: string): number {
  return Date.parse(`${stamp.replace(' ', 'T')}Z`);
}

function servicenowStamp(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

export function servicenowTicket(raw: Incident): RemoteTicket {
  return {
    remoteId: raw.sys_id,
    updatedAt: new Date(servicenowMillis(raw.sys_updated_on)).toISOString(),
    fields: flattenFields([['', raw]]),
  };
}

/**
 * The exact keyset after (update time, sys_id): `sys_updated_on>=T^sys_updated_on>T^ORsys_id>X` reads as
 * T <= updated AND (updated > T OR sys_id > X), `^OR` joining the condition before it. With the same two ORDERBYs,
 * every page starts right after the last record read: an edited record moves past the cursor and comes again later,
 * and nothing shifts onto a page already read, however many records share one update second.
 */
export function keysetCondition(at: KeysetCursor): string {
  return at.afterId === null
    ? `sys_updated_on>=${at.since}`
    : `sys_updated_on>=${at.since}^sys_updated_on>${at.since}^ORsys_id>${at.afterId}`;
}

export interface ServiceNowOptions extends RemoteHttpOptions {
  /** Records per page (sysparm_limit; 100 by default). */
  pageSize?: number;
}

export function createServiceNowSource(endpoint: ConnectorEndpoint, options: ServiceNowOptions): ConnectorSource {
  const authorization = basicAuthorization(
    requireCredential('servicenow', endpoint.credentials, 'username'),
    requireCredential('servicenow', endpoint.credentials, 'password'),
  );
  const api = createRemoteHttp(endpoint.baseUrl, authorization, servicenowProtocol, options);
  const pageSize = options.pageSize ?? 100;
  const table = '/api/now/table/incident';

  return {
    type: 'servicenow',

    async fetchPage(cursor, since, signal) {
      const at =
        cursor !== null ? decodeKeysetCursor(cursor) : { since: servicenowStamp(since ?? new Date(0)), afterId: null };
      const query = new URLSearchParams({
        sysparm_query: `${keysetCondition(at)}^ORDERBYsys_updated_on^ORDERBYsys_id`,
        sysparm_limit: String(pageSize),
        sysparm_offset: '0',
        sysparm_display_value: 'false',
        sysparm_exclude_reference_link: 'true',
      });
      const { body } = await api.request({ method: 'GET', path: `${table}?${query}` }, signal);
      const result = (body as { result?: unknown } | null)?.result;
      if (!Array.isArray(result))
        throw new RemoteSystemError('remote', 200, 'the Table API answered without a result list');
      const incidents = result as Incident[];
      const last = incidents.at(-1);
      const next: KeysetCursor = last === undefined ? at : { since: last.sys_updated_on, afterId: last.sys_id };
      return {
        tickets: incidents.map(servicenowTicket),
        cursor: encodeKeysetCursor(next),
        done: incidents.length < pageSize,
      };
    },

    async writeBack(write: LabelWrite, signal) {
      const id = encodeURIComponent(write.remoteId);
      const path = `${table}/${id}`;
      if (write.mode === 'note') {
        const token = markerToken(write.marker);
        const journal = new URLSearchParams({
          sysparm_query: `element_id=${write.remoteId}^element=work_notes^valueLIKE${token}`,
          sysparm_limit: '1',
          sysparm_fields: 'sys_id',
        });
        return writeOnce(
          api,
          async () => {
            const { body } = await api.request(
              { method: 'GET', path: `/api/now/table/sys_journal_field?${journal}` },
              signal,
            );
            return ((body as { result?: unknown[] }).result ?? []).length > 0;
          },
          () =>
            api.request(
              { method: 'PATCH', path, body: { work_notes: noteText(write.labels, write.modelName, write.marker) } },
              signal,
            ),
          signal,
        );
      }
      if (write.mode !== 'field')
        throw new RemoteSystemError('rejected', null, 'ServiceNow connectors write a field or a work note, not tags');
      const field = write.field ?? '';
      if (!/^[a-z][a-z0-9_]*$/.test(field))
        throw new RemoteSystemError('rejected', null, 'a ServiceNow field is named by its column name (u_category)');
      const value = fieldValue(write.labels);
      const hasValue = (body: unknown) => {
        const record = (body as { result?: Record<string, unknown> } | null)?.result ?? {};
        return Object.hasOwn(record, field) ? record[field] === value : null;
      };
      return writeOnce(
        api,
        async () => {
          const { body } = await api.request(
            { method: 'GET', path: `${path}?sysparm_fields=${field}&sysparm_display_value=false` },
            signal,
          );
          return hasValue(body) === true;
        },
        async () => {
          // The instance ignores fields it does not have (or may not write): the answer shows whether it took the value.
          const { body } = await api.request({ method: 'PATCH', path, body: { [field]: value } }, signal);
          if (hasValue(body) !== true)
            throw new RemoteSystemError('rejected', 200, `the incident has no field "${field}" this user may write`);
        },
        signal,
      );
    },
  };
}
