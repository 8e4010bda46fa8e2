// Zendesk Support: tickets from the cursor-based incremental ticket export; labels written back as tags, a custom field or a private comment.
//
// Vendor documentation followed here:
// - Incremental exports (cursor-based ticket export, `start_time`, `cursor`, `after_cursor`, `end_of_stream`, 10 requests
//   a minute): https://developer.zendesk.com/api-reference/ticketing/ticket-management/incremental_exports/
//   and https://developer.zendesk.com/documentation/ticketing/managing-tickets/using-the-incremental-export-api
// - Tags (`GET`/`PUT /api/v2/tickets/{id}/tags` — PUT adds tags): https://developer.zendesk.com/api-reference/ticketing/ticket-management/tags/
// - Tickets (update with `comment.public=false`, `custom_fields`) and ticket comments (cursor pagination):
//   https://developer.zendesk.com/api-reference/ticketing/tickets/tickets/ ,
//   https://developer.zendesk.com/api-reference/ticketing/tickets/ticket_comments/
// - API token auth (`{email}/token:{api_token}`), rate limits (429 with Retry-After, `ratelimit-remaining`/`ratelimit-reset`)
//   and error bodies (`{"error": "...", "description": "..."}`): https://developer.zendesk.com/api-reference/introduction/security-and-auth/ ,
//   https://developer.zendesk.com/api-reference/introduction/rate-limits/ , https://developer.zendesk.com/api-reference/introduction/responses/
import type {
  ConnectorEndpoint,
  ConnectorSource,
  LabelWrite,
  RemoteTicket,
  TicketPage,
  WriteOutcome,
} from '../../core/ports/connector-sources.js';
import { RemoteSystemError } from '../../core/ports/connector-sources.js';
import { flattenFields } from './flatten-fields.js';
import { fieldValue, labelTag, markerToken, noteHasMarker, noteText } from './marker.js';
import {
  basicAuthorization,
  createRemoteHttp,
  numericHeader,
  type RemoteHttpOptions,
  type VendorProtocol,
} from './remote-http.js';
import { requireCredential } from './credentials.js';
import { writeOnce } from './write-once.js';

interface ZendeskTicket {
  id: number;
  updated_at: string;
  custom_fields?: { id: number; value: unknown }[];
  [key: string]: unknown;
}

interface ExportPage {
  tickets?: ZendeskTicket[];
  after_cursor?: string | null;
  end_of_stream?: boolean;
}

/** Where the export stands: Zendesk's own `after_cursor`, or the `start_time` of a first export that listed nothing yet. */
interface ZendeskCursor {
  cursor?: string;
  start_time?: number;
}

export const zendeskProtocol: VendorProtocol = {
  errorMessage(_status, body) {
    if (body === null || typeof body !== 'object') return null;
    const { error, description } = body as { error?: unknown; description?: unknown };
    if (typeof error === 'string') return typeof description === 'string' ? `${error}: ${description}` : error;
    if (error !== null && typeof error === 'object') {
      const { title, message } = error as { title?: unknown; message?: unknown };
      return [title, message].filter((s) => typeof s === 'string').join(': ') || null;
    }
    return typeof description === 'string' ? description : null;
  },
  pauseAfterSuccessSeconds(headers) {
    const remaining = numericHeader(headers, 'ratelimit-remaining') ?? numericHeader(headers, 'x-rate-limit-remaining');
    return remaining === 0 ? numericHeader(headers, 'ratelimit-reset') : null;
  },
  rateLimitWaitSeconds(headers) {
    return numericHeader(headers, 'ratelimit-reset');
  },
};

export function zendeskTicket(raw: ZendeskTicket): RemoteTicket {
  const { custom_fields: custom, ...rest } = raw;
  const fields = flattenFields([
    ['', rest],
    ...(custom ?? []).map((f): [string, unknown] => [`custom_fields.${f.id}`, f.value]),
  ]);
  return { remoteId: String(raw.id), updatedAt: raw.updated_at, fields };
}

export interface ZendeskOptions extends RemoteHttpOptions {
  /** Tickets per export page (Zendesk allows up to 1000; 1000 by default). */
  pageSize?: number;
}

export function createZendeskSource(endpoint: ConnectorEndpoint, options: ZendeskOptions): ConnectorSource {
  const { credentials } = endpoint;
  const authorization =
    credentials.access_token !== undefined && credentials.access_token !== ''
      ? `Bearer ${credentials.access_token}`
      : basicAuthorization(
          `${requireCredential('zendesk', credentials, 'email')}/token`,
          requireCredential('zendesk', credentials, 'api_token'),
        );
  const api = createRemoteHttp(endpoint.baseUrl, authorization, zendeskProtocol, options);
  const pageSize = options.pageSize ?? 1000;

  async function hasMarkedComment(ticketId: string, marker: string, signal?: AbortSignal): Promise<boolean> {
    let path: string | null = `/api/v2/tickets/${ticketId}/comments.json?page%5Bsize%5D=100`;
    while (path !== null) {
      const { body } = await api.request({ method: 'GET', path }, signal);
      const page = body as {
        comments?: { body?: string; plain_body?: string }[];
        meta?: { has_more?: boolean; after_cursor?: string };
      };
      if ((page.comments ?? []).some((c) => noteHasMarker(`${c.body ?? ''}\n${c.plain_body ?? ''}`, marker)))
        return true;
      path =
        page.meta?.has_more === true && page.meta.after_cursor
          ? `/api/v2/tickets/${ticketId}/comments.json?page%5Bsize%5D=100&page%5Bafter%5D=${encodeURIComponent(page.meta.after_cursor)}`
          : null;
    }
    return false;
  }

  return {
    type: 'zendesk',

    async fetchPage(cursor, since, signal): Promise<TicketPage> {
      // The export refuses a start_time within the last minute (it holds that minute back anyway).
      const start = Math.min(Math.floor((since?.getTime() ?? 0) / 1000), Math.floor(Date.now() / 1000) - 61);
      const at: ZendeskCursor = cursor !== null ? (JSON.parse(cursor) as ZendeskCursor) : { start_time: start };
      const query =
        at.cursor !== undefined ? `cursor=${encodeURIComponent(at.cursor)}` : `start_time=${at.start_time ?? 0}`;
      const { body } = await api.request(
        { method: 'GET', path: `/api/v2/incremental/tickets/cursor.json?${query}&per_page=${pageSize}` },
        signal,
      );
      const page = body as ExportPage;
      if (!Array.isArray(page?.tickets))
        throw new RemoteSystemError('remote', 200, 'the incremental export answered without a tickets list');
      const next: ZendeskCursor = page.after_cursor ? { cursor: page.after_cursor } : at;
      return {
        tickets: page.tickets.map(zendeskTicket),
        cursor: JSON.stringify(next),
        done: page.end_of_stream === true,
      };
    },

    async writeBack(write: LabelWrite, signal): Promise<WriteOutcome> {
      const id = encodeURIComponent(write.remoteId);
      const ticketPath = `/api/v2/tickets/${id}.json`;
      if (write.mode === 'tags') {
        const token = markerToken(write.marker);
        const tags = [...new Set([...write.labels.map(labelTag), token])];
        return writeOnce(
          api,
          async () => {
            const { body } = await api.request({ method: 'GET', path: `/api/v2/tickets/${id}/tags.json` }, signal);
            return ((body as { tags?: string[] }).tags ?? []).includes(token);
          },
          () => api.request({ method: 'PUT', path: `/api/v2/tickets/${id}/tags.json`, body: { tags } }, signal),
          signal,
        );
      }
      if (write.mode === 'note') {
        const comment = { body: noteText(write.labels, write.modelName, write.marker), public: false };
        return writeOnce(
          api,
          () => hasMarkedComment(id, write.marker, signal),
          () => api.request({ method: 'PUT', path: ticketPath, body: { ticket: { comment } } }, signal),
          signal,
        );
      }
      const fieldId = Number(write.field);
      if (!Number.isInteger(fieldId) || fieldId <= 0)
        throw new RemoteSystemError('rejected', null, 'a Zendesk custom field is named by its numeric id');
      const value = fieldValue(write.labels);
      return writeOnce(
        api,
        async () => {
          const { body } = await api.request({ method: 'GET', path: ticketPath }, signal);
          const current = (body as { ticket?: ZendeskTicket }).ticket?.custom_fields?.find((f) => f.id === fieldId);
          return current?.value === value;
        },
        () =>
          api.request(
            { method: 'PUT', path: ticketPath, body: { ticket: { custom_fields: [{ id: fieldId, value }] } } },
            signal,
          ),
        signal,
      );
    },
  };
}
