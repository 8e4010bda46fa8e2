// A local stand-in for the Freshdesk API v2: tickets listed by updated_since with page/per_page, ticket updates, notes, conversations.
//
// It behaves as https://developers.freshdesk.com/api/#list_all_tickets describes: `updated_since` (tickets updated at or
// after it), `order_by`/`order_type`, `per_page` at most 100 (a 400 with Freshdesk's validation body above it), `page`,
// a `link: <…>; rel="next"` header while more pages follow, and `X-RateLimit-*` headers on every answer. Paging is by
// offset, as the real one is: a ticket edited between two pages moves to the end and the tickets after it shift back.
import {
  basicCredentials,
  isoSeconds,
  secondsClock,
  startStandinServer,
  type StandinRequest,
  type StandinResponse,
  type StandinServer,
} from './standin-server.js';

export interface FreshdeskStandinTicket {
  id: number;
  subject: string;
  description_text: string;
  status: number;
  priority: number;
  tags: string[];
  custom_fields: Record<string, unknown>;
  created_at: string;
  updated_at: string;
  conversations: { id: number; body_text: string; private: boolean; created_at: string }[];
}

export interface FreshdeskStandin {
  server: StandinServer;
  baseUrl: string;
  credentials: { api_key: string };
  tickets: Map<number, FreshdeskStandinTicket>;
  editTicket(id: number, subject: string): void;
  expireCredentials(): void;
  writes: { method: string; path: string; body: unknown }[];
  stop(): Promise<void>;
}

const SEED_START = Date.parse('2026-01-01T00:00:00Z');
const TEXTS = ['I was charged twice this month', 'The app crashes when I log in', 'How do I export my data?'];

export async function startFreshdeskStandin(
  options: { seed?: number; oneUpdateTime?: boolean; apiKey?: string; port?: number } = {},
): Promise<FreshdeskStandin> {
  const apiKey = options.apiKey ?? 'fd-standin-key';
  const clock = secondsClock();
  const tickets = new Map<number, FreshdeskStandinTicket>();
  const writes: FreshdeskStandin['writes'] = [];
  let expired = false;
  let nextConversation = 1;
  for (let i = 1; i <= (options.seed ?? 0); i += 1) {
    // Every fifth ticket shares its update second with the one before.
    const at = isoSeconds(new Date(SEED_START + (options.oneUpdateTime ? 0 : i % 5 === 0 ? i - 1 : i) * 60_000));
    tickets.set(i, {
      id: i,
      subject: `Ticket ${i}`,
      description_text: `Seeded ticket ${i}: ${TEXTS[i % TEXTS.length]}`,
      status: 2,
      priority: 1 + (i % 4),
      tags: i % 2 === 0 ? ['vip'] : [],
      custom_fields: { cf_category: null },
      created_at: at,
      updated_at: at,
      conversations: [],
    });
  }

  const rateHeaders = {
    'x-ratelimit-total': '700',
    'x-ratelimit-remaining': '699',
    'x-ratelimit-used-currentrequest': '1',
  };
  const invalid = (field: string, message: string): StandinResponse => ({
    status: 400,
    headers: rateHeaders,
    body: { description: 'Validation failed', errors: [{ field, message, code: 'invalid_value' }] },
  });
  const view = (t: FreshdeskStandinTicket) => ({
    cc_emails: [],
    fwd_emails: [],
    reply_cc_emails: [],
    email_config_id: null,
    company_id: null,
    to_emails: null,
    product_id: null,
    id: t.id,
    subject: t.subject,
    description: `<div>${t.description_text}</div>`,
    description_text: t.description_text,
    status: t.status,
    priority: t.priority,
    source: 1,
    type: null,
    tags: [...t.tags],
    custom_fields: { ...t.custom_fields },
    requester_id: 2000 + t.id,
    responder_id: null,
    group_id: null,
    fr_escalated: false,
    is_escalated: false,
    spam: false,
    due_by: t.created_at,
    fr_due_by: t.created_at,
    created_at: t.created_at,
    updated_at: t.updated_at,
  });
  const touch = (t: FreshdeskStandinTicket) => {
    t.updated_at = isoSeconds(clock());
  };

  let baseUrl = '';
  const handle = (req: StandinRequest): StandinResponse => {
    const auth = basicCredentials(req.headers);
    if (expired || auth?.user !== apiKey)
      return {
        status: 401,
        body: { code: 'invalid_credentials', message: 'You have to be logged in to perform this action.' },
      };
    const path = req.url.pathname;
    const q = req.url.searchParams;
    if (req.method === 'GET' && path === '/api/v2/tickets') {
      const perPage = Number(q.get('per_page') ?? 30);
      if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100)
        return invalid('per_page', 'It should be a Positive Integer less than or equal to 100');
      const page = Number(q.get('page') ?? 1);
      if (!Number.isInteger(page) || page < 1) return invalid('page', 'It should be a Positive Integer');
      const orderBy = q.get('order_by') ?? 'created_at';
      if (!['created_at', 'due_by', 'updated_at', 'status'].includes(orderBy))
        return invalid('order_by', 'It should be one of these values: created_at,due_by,updated_at,status');
      const sinceRaw = q.get('updated_since');
      const since = sinceRaw === null ? Date.now() - 30 * 86_400_000 : Date.parse(sinceRaw);
      if (Number.isNaN(since)) return invalid('updated_since', 'It should be in the date-time format');
      const key = orderBy === 'updated_at' ? 'updated_at' : 'created_at';
      const sign = q.get('order_type') === 'asc' ? 1 : -1;
      const matching = [...tickets.values()]
        .filter((t) => Date.parse(sinceRaw === null ? t.created_at : t.updated_at) >= since)
        .sort((a, b) => sign * (Date.parse(a[key]) - Date.parse(b[key]) || a.id - b.id));
      const slice = matching.slice((page - 1) * perPage, page * perPage);
      const more = matching.length > page * perPage;
      const next = new URL(`${baseUrl}${path}${req.url.search}`);
      next.searchParams.set('page', String(page + 1));
      return {
        status: 200,
        headers: { ...rateHeaders, ...(more ? { link: `<${next.href}>; rel="next"` } : {}) },
        body: slice.map((t) =>
          q.get('include') === 'description'
            ? view(t)
            : { ...view(t), description: undefined, description_text: undefined },
        ),
      };
    }
    const match = /^\/api\/v2\/tickets\/(\d+)(\/notes|\/conversations)?$/.exec(path);
    const ticket = match ? tickets.get(Number(match[1])) : undefined;
    if (!ticket) return { status: 404, headers: rateHeaders, body: undefined };
    if (match![2] === '/conversations' && req.method === 'GET') {
      const perPage = Math.min(100, Number(q.get('per_page') ?? 30));
      const page = Number(q.get('page') ?? 1);
      return {
        status: 200,
        headers: rateHeaders,
        body: ticket.conversations.slice((page - 1) * perPage, page * perPage).map((c) => ({
          id: c.id,
          body: `<div>${c.body_text}</div>`,
          body_text: c.body_text,
          private: c.private,
          incoming: false,
          ticket_id: ticket.id,
          created_at: c.created_at,
          updated_at: c.created_at,
        })),
      };
    }
    if (match![2] === '/notes' && req.method === 'POST') {
      const body = req.body as { body?: unknown; private?: unknown } | null;
      if (typeof body?.body !== 'string' || body.body === '') return invalid('body', 'It should not be blank');
      writes.push({ method: req.method, path, body: req.body });
      const note = {
        id: nextConversation++,
        body_text: body.body,
        private: body.private !== false,
        created_at: isoSeconds(new Date()),
      };
      ticket.conversations.push(note);
      touch(ticket);
      return {
        status: 201,
        headers: rateHeaders,
        body: { ...note, body: `<div>${note.body_text}</div>`, ticket_id: ticket.id },
      };
    }
    if (match![2] === undefined && req.method === 'GET')
      return { status: 200, headers: rateHeaders, body: view(ticket) };
    if (match![2] === undefined && req.method === 'PUT') {
      const body = req.body as { tags?: unknown; custom_fields?: Record<string, unknown> } | null;
      if (body?.tags !== undefined && (!Array.isArray(body.tags) || !body.tags.every((t) => typeof t === 'string')))
        return invalid('tags', 'It should be an array of Strings');
      for (const name of Object.keys(body?.custom_fields ?? {}))
        if (!Object.hasOwn(ticket.custom_fields, name)) return invalid(name, 'Unexpected/invalid field in request');
      writes.push({ method: req.method, path, body: req.body });
      if (Array.isArray(body?.tags)) ticket.tags = [...(body.tags as string[])];
      Object.assign(ticket.custom_fields, body?.custom_fields ?? {});
      touch(ticket);
      return { status: 200, headers: rateHeaders, body: view(ticket) };
    }
    return {
      status: 405,
      headers: rateHeaders,
      body: { code: 'method_not_allowed', message: 'This method is not allowed' },
    };
  };

  const server = await startStandinServer(handle, options.port);
  baseUrl = server.baseUrl;
  return {
    server,
    baseUrl,
    credentials: { api_key: apiKey },
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

/** The 429 past the account's per-minute budget. */
export const freshdeskRateLimited = (retryAfterSeconds: number) => ({
  kind: 'status' as const,
  status: 429,
  headers: { 'retry-after': String(retryAfterSeconds), 'x-ratelimit-total': '700', 'x-ratelimit-remaining': '0' },
  body: { message: 'You have exceeded the limit of requests per minute' },
});
