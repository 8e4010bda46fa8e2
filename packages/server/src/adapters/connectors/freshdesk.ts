// Freshdesk: tickets listed by `updated_since` in update order; labels written back as tags (merged), a custom field or a private note.
//
// Vendor documentation followed here (https://developers.freshdesk.com/api/):
// - List all tickets (`GET /api/v2/tickets`, `updated_since`, `order_by=updated_at`, `order_type=asc`, `per_page` at
//   most 100, `page`, `include=description`): https://developers.freshdesk.com/api/#list_all_tickets
// - Update a ticket (`PUT /api/v2/tickets/{id}`; `tags` replaces the list, `custom_fields` by their `cf_` names):
//   https://developers.freshdesk.com/api/#update_ticket
// - Create a note (`POST /api/v2/tickets/{id}/notes`, `private: true`) and list conversations:
//   https://developers.freshdesk.com/api/#add_note_to_a_ticket , https://developers.freshdesk.com/api/#list_all_ticket_notes
// - Authentication (Basic, API key as user and `X` as password), rate limits (`X-RateLimit-Total`,
//   `X-RateLimit-Remaining`, 429 with `Retry-After`) and error bodies (`{"description", "errors": [{field, message,
//   code}]}`, `{"code", "message"}`): https://developers.freshdesk.com/api/#authentication ,
//   https://developers.freshdesk.com/api/#ratelimit , https://developers.freshdesk.com/api/#error
import type {
  ConnectorEndpoint,
  ConnectorSource,
  LabelWrite,
  RemoteTicket,
} from '../../core/ports/connector-sources.js';
import { RemoteSystemError } from '../../core/ports/connector-sources.js';
import { requireCredential } from './credentials.js';
import { flattenFields } from './flatten-fields.js';
import { fieldValue, labelTag, markerToken, noteHasMarker, noteText } from './marker.js';
import {
  basicAuthorization,
  createRemoteHttp,
  numericHeader,
  type RemoteHttpOptions,
  type VendorProtocol,
} from './remote-http.js';
import { advance, decodeCursor, startCursor, type ListedTicket } from './watermark-cursor.js';
import { writeOnce } from './write-once.js';

interface FreshdeskTicket {
  id: number;
  updated_at: string;
  tags?: string[];
  custom_fields?: Record<string, unknown>;
  [key: string]: unknown;
}

export const freshdeskProtocol: VendorProtocol = {
  errorMessage(_status, body) {
    if (body === null || typeof body !== 'object') return null;
    const { description, errors, message } = body as { description?: unknown; errors?: unknown; message?: unknown };
    const details = Array.isArray(errors)
      ? errors
          .map((e: { field?: unknown; message?: unknown }) =>
            [e.field, e.message].filter((s) => typeof s === 'string').join(': '),
          )
          .filter((s) => s !== '')
      : [];
    const head = typeof description === 'string' ? description : typeof message === 'string' ? message : null;
    if (head === null) return details.length > 0 ? details.join('; ') : null;
    return details.length > 0 ? `${head} (${details.join('; ')})` : head;
  },
  // X-RateLimit-Remaining carries no reset time; Freshdesk's budget is per minute, so a 429 without Retry-After at
  // a spent budget waits a minute.
  rateLimitWaitSeconds(headers) {
    return numericHeader(headers, 'x-ratelimit-remaining') === 0 ? 60 : null;
  },
};

export function freshdeskTicket(raw: FreshdeskTicket): RemoteTicket {
  return { remoteId: String(raw.id), updatedAt: raw.updated_at, fields: flattenFields([['', raw]]) };
}

export interface FreshdeskOptions extends RemoteHttpOptions {
  /** Tickets per page (Freshdesk allows at most 100; 100 by default). */
  pageSize?: number;
}

const EPOCH = '1970-01-01T00:00:00Z';

export function createFreshdeskSource(endpoint: ConnectorEndpoint, options: FreshdeskOptions): ConnectorSource {
  const apiKey = requireCredential('freshdesk', endpoint.credentials, 'api_key');
  const api = createRemoteHttp(endpoint.baseUrl, basicAuthorization(apiKey, 'X'), freshdeskProtocol, options);
  const pageSize = Math.min(100, options.pageSize ?? 100);

  async function hasMarkedNote(id: string, marker: string, signal?: AbortSignal): Promise<boolean> {
    for (let page = 1; ; page += 1) {
      const { body } = await api.request(
        { method: 'GET', path: `/api/v2/tickets/${id}/conversations?per_page=100&page=${page}` },
        signal,
      );
      const notes = Array.isArray(body) ? (body as { body?: string; body_text?: string }[]) : [];
      if (notes.some((n) => noteHasMarker(`${n.body_text ?? ''}\n${n.body ?? ''}`, marker))) return true;
      if (notes.length < 100) return false;
    }
  }

  async function readTicket(id: string, signal?: AbortSignal): Promise<FreshdeskTicket> {
    const { body } = await api.request({ method: 'GET', path: `/api/v2/tickets/${id}` }, signal);
    return body as FreshdeskTicket;
  }

  return {
    type: 'freshdesk',

    async fetchPage(cursor, since, signal) {
      const at =
        cursor !== null
          ? decodeCursor(cursor)
          : startCursor(since ? since.toISOString().replace(/\.\d{3}Z$/, 'Z') : EPOCH);
      const query = new URLSearchParams({
        updated_since: at.since,
        order_by: 'updated_at',
        order_type: 'asc',
        per_page: String(pageSize),
        page: String(at.page + 1),
        include: 'description',
      });
      const { body } = await api.request({ method: 'GET', path: `/api/v2/tickets?${query}` }, signal);
      if (!Array.isArray(body)) throw new RemoteSystemError('remote', 200, 'the ticket list answered without a list');
      const listed: ListedTicket[] = (body as FreshdeskTicket[]).map((raw) => ({
        ticket: freshdeskTicket(raw),
        stamp: raw.updated_at,
        millis: Date.parse(raw.updated_at),
      }));
      return advance(at, listed, pageSize);
    },

    async writeBack(write: LabelWrite, signal) {
      const id = encodeURIComponent(write.remoteId);
      const path = `/api/v2/tickets/${id}`;
      if (write.mode === 'tags') {
        const token = markerToken(write.marker);
        let current: string[] = [];
        // PUT replaces the whole list: the write carries the tags read just before it, plus the labels and the marker.
        return writeOnce(
          api,
          async () => {
            current = (await readTicket(id, signal)).tags ?? [];
            return current.includes(token);
          },
          () =>
            api.request(
              { method: 'PUT', path, body: { tags: [...new Set([...current, ...write.labels.map(labelTag), token])] } },
              signal,
            ),
          signal,
        );
      }
      if (write.mode === 'note') {
        return writeOnce(
          api,
          () => hasMarkedNote(id, write.marker, signal),
          () =>
            api.request(
              {
                method: 'POST',
                path: `${path}/notes`,
                body: { body: noteText(write.labels, write.modelName, write.marker), private: true },
              },
              signal,
            ),
          signal,
        );
      }
      const field = write.field ?? '';
      if (!/^cf_[a-z0-9_]+$/i.test(field))
        throw new RemoteSystemError('rejected', null, 'a Freshdesk custom field is named by its cf_ name');
      const value = fieldValue(write.labels);
      return writeOnce(
        api,
        async () => {
          const fields = (await readTicket(id, signal)).custom_fields ?? {};
          return Object.hasOwn(fields, field) && fields[field] === value;
        },
        () => api.request({ method: 'PUT', path, body: { custom_fields: { [field]: value } } }, signal),
        signal,
      );
    },
  };
}
