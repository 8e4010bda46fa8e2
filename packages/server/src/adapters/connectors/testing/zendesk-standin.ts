// A local stand-in for the Zendesk Support API: the cursor-based incremental ticket export, tags, ticket updates and comments.
//
// It behaves as https://developer.zendesk.com/api-reference/ticketing/ticket-management/incremental_exports/ describes:
// `start_time` (Unix seconds) or `cursor`, `per_page` up to 1000, tickets ordered by update time, `after_cursor` /
// `after_url` / `end_of_stream`, tickets changed within the last minute held back (`recentSeconds`, 60 as documented;
// tests set 0). The cursor is a position (update time, id), so a ticket edited between pages comes again after it.
import {
  basicCredentials,
  isoSeconds,
  secondsClock,
  startStandinServer,
  type StandinRequest,
  type StandinResponse,
  type StandinServer,
} from './standin-server.js';

export interface ZendeskStandinTicket {
  id: number;
  subject: string;
  description: string;
  status: string;
  priority: string | null;
  tags: string[];
  custom_fields: { id: number; value: unknown }[];
  created_at: string;
  updated_at: string;
  comments: { id: number; body: string; public: boolean; created_at: string }[];
}

export interface ZendeskStandinOptions {
  /** Tickets seeded, updated a minute apart from 2026-01-01 (`seed`); every fifth shares its update second with the one before. */
  seed?: number;
  /** Every seeded ticket shares one update time (a bulk change): more than a page of them page within that time. */
  oneUpdateTime?: boolean;
  /** Tickets changed within this many seconds are held back from the export (60, as documented). */
  recentSeconds?: number;
  email?: string;
  apiToken?: string;
  port?: number;
}

export interface ZendeskStandin {
  server: StandinServer;
  baseUrl: string;
  credentials: { email: string; api_token: string };
  tickets: Map<number, ZendeskStandinTicket>;
  /** Changes a ticket as an agent would: new subject, a later update time. */
  editTicket(id: number, subject: string): void;
  /** Every later request is answered 401, as when the API token is revoked. */
  expireCredentials(): void;
  /** Write calls received (tag adds, ticket updates), for asserting exactly-once write-back. */
  writes: { method: string; path: string; body: unknown }[];
  stop(): Promise<void>;
}

const SEED_START = Date.parse('2026-01-01T00:00:00Z');

function encodeCursor(seconds: number, id: number): string {
  return Buffer.from(`${seconds}.0||${id}|`, 'utf8').toString('base64');
}

function decodeCursor(raw: string): { seconds: number; id: number } | null {
  const match = /^(\d+)\.0\|\|(-?\d+)\|$/.exec(Buffer.from(raw, 'base64').toString('utf8'));
  return match ? { seconds: Number(match[1]), id: Number(match[2]) } : null;
}

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

export async function startZendeskStandin(options: ZendeskStandinOptions = {}): Promise<ZendeskStandin> {
  const email = options.email ?? 'agent@example.com';
  const apiToken = options.apiToken ?? 'zd-standin-token';
  const recentSeconds = options.recentSeconds ?? 60;
  const clock = secondsClock();
  const tickets = new Map<number, ZendeskStandinTicket>();
  const writes: ZendeskStandin['writes'] = [];
  let expired = false;
  let nextCommentId = 1;

  const seedCount = options.seed ?? 0;
  for (let i = 1; i <= seedCount; i += 1) {
    const at = isoSeconds(new Date(SEED_START + (options.oneUpdateTime ? 0 : i % 5 === 0 ? i - 1 : i) * 60_000));
    const body = `Seeded ticket ${i}: ${['I was charged twice this month', 'The app crashes when I log in', 'How do I export my data?', 'Please cancel my subscription'][i % 4]}`;
    tickets.set(i, {
      id: i,
      subject: `Ticket ${i}`,
      description: body,
      status: 'open',
      priority: i % 3 === 0 ? 'high' : 'normal',
      tags: [],
      custom_fields: [{ id: 360001, value: null }],
      created_at: at,
      updated_at: at,
      comments: [{ id: nextCommentId++, body, public: true, created_at: at }],
    });
  }

  const error = (status: number, error: string, description?: string): StandinResponse => ({
    status,
    body: description === undefined ? { error } : { error, description },
  });

  const view = (t: ZendeskStandinTicket, baseUrl: string) => ({
    url: `${baseUrl}/api/v2/tickets/${t.id}.json`,
    id: t.id,
    external_id: null,
    via: { channel: 'email' },
    created_at: t.created_at,
    updated_at: t.updated_at,
    generated_timestamp: seconds(t.updated_at),
    type: 'question',
    subject: t.subject,
    raw_subject: t.subject,
    description: t.description,
    priority: t.priority,
    status: t.status,
    requester_id: 1000 + t.id,
    assignee_id: null,
    organization_id: null,
    group_id: 360000,
    tags: [...t.tags],
    custom_fields: t.custom_fields.map((f) => ({ ...f })),
  });

  const touch = (t: ZendeskStandinTicket) => {
    t.updated_at = isoSeconds(clock());
  };

  let baseUrl = '';
  const handle = (req: StandinRequest): StandinResponse => {
    const credentials = basicCredentials(req.headers);
    if (expired || credentials?.user !== `${email}/token` || credentials.password !== apiToken)
      return error(401, "Couldn't authenticate you");
    const path = req.url.pathname;
    const query = req.url.searchParams;

    if (req.method === 'GET' && path === '/api/v2/incremental/tickets/cursor.json') {
      const perPage = Number(query.get('per_page') ?? 1000);
      if (!Number.isInteger(perPage) || perPage < 1 || perPage > 1000)
        return error(400, 'InvalidPaginationParameter', 'per_page must be between 1 and 1000');
      let after: { seconds: number; id: number };
      const cursor = query.get('cursor');
      if (cursor !== null) {
        const decoded = decodeCursor(cursor);
        if (decoded === null) return error(400, 'InvalidPaginationParameter', 'cursor is invalid');
        after = decoded;
      } else {
        const start = query.get('start_time');
        if (start === null || !/^\d+$/.test(start))
          return error(400, 'InvalidValue', 'start_time or cursor is required');
        after = { seconds: Number(start), id: -1 };
        if (after.seconds > Date.now() / 1000 - 60)
          return error(400, 'InvalidValue', 'Too recent start_time. Use a start_time older than 1 minute');
      }
      const horizon = Math.floor(Date.now() / 1000) - recentSeconds;
      const ordered = [...tickets.values()]
        .filter((t) => recentSeconds === 0 || seconds(t.updated_at) <= horizon)
        .filter((t) => {
          const s = seconds(t.updated_at);
          return s > after.seconds || (s === after.seconds && t.id > after.id);
        })
        .sort((a, b) => seconds(a.updated_at) - seconds(b.updated_at) || a.id - b.id);
      const page = ordered.slice(0, perPage);
      const last = page.at(-1);
      const afterCursor = last
        ? encodeCursor(seconds(last.updated_at), last.id)
        : encodeCursor(after.seconds, after.id);
      const first = page[0];
      return {
        status: 200,
        headers: { 'ratelimit-limit': '10', 'ratelimit-remaining': '9', 'ratelimit-reset': '60' },
        body: {
          tickets: page.map((t) => view(t, baseUrl)),
          after_url: `${baseUrl}/api/v2/incremental/tickets/cursor.json?cursor=${encodeURIComponent(afterCursor)}`,
          after_cursor: afterCursor,
          before_url: first
            ? `${baseUrl}/api/v2/incremental/tickets/cursor.json?cursor=${encodeURIComponent(encodeCursor(seconds(first.updated_at), first.id))}`
            : null,
          before_cursor: first ? encodeCursor(seconds(first.updated_at), first.id) : null,
          end_of_stream: ordered.length <= perPage,
        },
      };
    }

    const match = /^\/api\/v2\/tickets\/(\d+)(\/tags|\/comments)?\.json$/.exec(path);
    const ticket = match ? tickets.get(Number(match[1])) : undefined;
    if (!match) return error(404, 'InvalidEndpoint', 'Not found');
    if (!ticket) return error(404, 'RecordNotFound', 'Not found');

    if (match[2] === '/tags') {
      if (req.method === 'GET') return { status: 200, body: { tags: [...ticket.tags] } };
      if (req.method === 'PUT') {
        const tags = (req.body as { tags?: unknown })?.tags;
        if (!Array.isArray(tags) || !tags.every((t) => typeof t === 'string'))
          return error(400, 'InvalidValue', 'tags must be a list of strings');
        writes.push({ method: req.method, path, body: req.body });
        for (const tag of tags) if (!ticket.tags.includes(tag)) ticket.tags.push(tag);
        touch(ticket);
        return { status: 200, body: { tags: [...ticket.tags] } };
      }
    }
    if (match[2] === '/comments' && req.method === 'GET') {
      const size = Math.min(100, Number(query.get('page[size]') ?? 100));
      const afterId = Number(query.get('page[after]') ?? 0);
      const rest = ticket.comments.filter((c) => c.id > afterId);
      const page = rest.slice(0, size);
      const lastId = page.at(-1)?.id;
      return {
        status: 200,
        body: {
          comments: page.map((c) => ({
            id: c.id,
            type: 'Comment',
            body: c.body,
            html_body: `<p>${c.body}</p>`,
            plain_body: c.body,
            public: c.public,
            author_id: 1,
            created_at: c.created_at,
          })),
          meta: {
            has_more: rest.length > size,
            after_cursor: lastId === undefined ? null : String(lastId),
            before_cursor: null,
          },
          links: {
            prev: null,
            next: rest.length > size ? `${baseUrl}${path}?page[size]=${size}&page[after]=${lastId}` : null,
          },
        },
      };
    }
    if (match[2] === undefined && req.method === 'GET') return { status: 200, body: { ticket: view(ticket, baseUrl) } };
    if (match[2] === undefined && req.method === 'PUT') {
      const update = (
        req.body as {
          ticket?: { comment?: { body?: unknown; public?: unknown }; custom_fields?: { id: number; value: unknown }[] };
        }
      )?.ticket;
      if (update === undefined) return error(400, 'InvalidValue', 'ticket is required');
      if (update.comment !== undefined && typeof update.comment.body !== 'string')
        return error(422, 'RecordInvalid', 'Record validation errors: comment body is blank');
      writes.push({ method: req.method, path, body: req.body });
      if (update.comment)
        ticket.comments.push({
          id: nextCommentId++,
          body: update.comment.body as string,
          public: update.comment.public !== false,
          created_at: isoSeconds(new Date()),
        });
      for (const field of update.custom_fields ?? []) {
        const existing = ticket.custom_fields.find((f) => f.id === field.id);
        if (existing) existing.value = field.value;
        else ticket.custom_fields.push({ ...field });
      }
      touch(ticket);
      return { status: 200, body: { ticket: view(ticket, baseUrl) } };
    }
    return error(404, 'InvalidEndpoint', 'Not found');
  };

  const server = await startStandinServer(handle, options.port);
  baseUrl = server.baseUrl;
  return {
    server,
    baseUrl,
    credentials: { email, api_token: apiToken },
    tickets,
    editTicket(id, subject) {
      const t = tickets.get(id);
      if (!t) throw new Error(`no ticket ${id}`);
      t.subject = subject;
      touch(t);
    },
    expireCredentials() {
      expired = true;
    },
    writes,
    stop: () => server.stop(),
  };
}

/** The 429 the export answers past its 10 requests a minute. */
export const zendeskRateLimited = (retryAfterSeconds: number) => ({
  kind: 'status' as const,
  status: 429,
  headers: { 'retry-after': String(retryAfterSeconds) },
  body: {
    error: 'APIRateLimitExceeded',
    description: 'Number of allowed incremental export API requests per minute exceeded',
  },
});
