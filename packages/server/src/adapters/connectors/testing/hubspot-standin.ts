// A local stand-in for the HubSpot CRM tickets API: the search (filters, one sort, after paging, the 10,000 cap), read and PATCH.
//
// It behaves as https://developers.hubspot.com/docs/guides/api/crm/search describes: filter groups OR'd, filters
// within a group AND'd (`EQ`, `NEQ`, `GT`, `GTE`, `LT`, `LTE`; dates as epoch milliseconds or ISO 8601), one sort,
// `limit` at most 200, `after` as an offset (an edited ticket moves and the ones after it shift), a 400 past 10,000
// results, only the named properties (plus hs_object_id, createdate, hs_lastmodifieddate) in each result, and errors as
// `{"status": "error", "message", "correlationId", "category"}`.
import { createHash, randomUUID } from 'node:crypto';
import { startStandinServer, type StandinRequest, type StandinResponse, type StandinServer } from './standin-server.js';

export interface HubSpotStandinTicket {
  id: string;
  properties: Map<string, string | null>;
  createdAt: string;
}

export interface HubSpotStandin {
  server: StandinServer;
  baseUrl: string;
  credentials: { access_token: string };
  tickets: Map<string, HubSpotStandinTicket>;
  editTicket(id: string, subject: string): void;
  expireCredentials(): void;
  writes: { method: string; path: string; body: unknown }[];
  stop(): Promise<void>;
}

const SEED_START = Date.parse('2026-01-01T00:00:00Z');
const TEXTS = ['Invoice shows the wrong plan', 'Cannot reset my password', 'Feature request: dark mode'];
const ALWAYS = ['hs_object_id', 'createdate', 'hs_lastmodifieddate'];
const WRITABLE = new Set(['subject', 'content', 'hs_ticket_priority', 'hs_ticket_category', 'textclass_label']);

const millisOf = (v: string) => (/^\d+$/.test(v) ? Number(v) : Date.parse(v));
/** A property's value as the search compares it: dates as milliseconds, the object id as a number, the rest as text. */
const comparable = (name: string, v: string): string | number =>
  name === 'hs_lastmodifieddate' || name === 'createdate' ? millisOf(v) : name === 'hs_object_id' ? Number(v) : v;

export async function startHubSpotStandin(
  options: { seed?: number; oneUpdateTime?: boolean; accessToken?: string; port?: number } = {},
): Promise<HubSpotStandin> {
  const accessToken = options.accessToken ?? 'pat-na1-standin-token';
  const tickets = new Map<string, HubSpotStandinTicket>();
  const writes: HubSpotStandin['writes'] = [];
  let expired = false;
  let lastModified = 0;
  const now = () => {
    lastModified = Math.max(lastModified + 1, Date.now());
    return new Date(lastModified).toISOString();
  };

  for (let i = 1; i <= (options.seed ?? 0); i += 1) {
    // Every fifth ticket shares its modification millisecond with the one before.
    const at = new Date(SEED_START + (options.oneUpdateTime ? 0 : i % 5 === 0 ? i - 1 : i) * 60_000).toISOString();
    const id = String(5000 + i);
    tickets.set(id, {
      id,
      createdAt: at,
      properties: new Map<string, string | null>([
        ['hs_object_id', id],
        ['subject', `Ticket ${i}`],
        ['content', `Seeded ticket ${i}: ${TEXTS[i % TEXTS.length]}`],
        ['hs_pipeline', '0'],
        ['hs_pipeline_stage', '1'],
        ['hs_ticket_priority', i % 3 === 0 ? 'HIGH' : 'MEDIUM'],
        ['hs_ticket_category', null],
        ['textclass_label', null],
        ['createdate', at],
        ['hs_lastmodifieddate', at],
      ]),
    });
  }

  const failure = (status: number, category: string, message: string): StandinResponse => ({
    status,
    body: { status: 'error', message, correlationId: randomUUID(), category },
  });
  const view = (t: HubSpotStandinTicket, names: string[]) => ({
    id: t.id,
    properties: Object.fromEntries(
      [...new Set([...ALWAYS, ...names])].flatMap((n) =>
        t.properties.has(n) ? [[n, t.properties.get(n) ?? null]] : [],
      ),
    ),
    createdAt: t.createdAt,
    updatedAt: t.properties.get('hs_lastmodifieddate') ?? t.createdAt,
    archived: false,
  });
  const rateHeaders = {
    'x-hubspot-ratelimit-interval-milliseconds': '10000',
    'x-hubspot-ratelimit-max': '190',
    'x-hubspot-ratelimit-remaining': '189',
    'x-hubspot-ratelimit-daily': '1000000',
    'x-hubspot-ratelimit-daily-remaining': '999999',
  };

  type Filter = { propertyName?: unknown; operator?: unknown; value?: unknown };
  const passes = (t: HubSpotStandinTicket, f: Filter): boolean => {
    const have = t.properties.get(String(f.propertyName)) ?? null;
    if (have === null) return f.operator === 'NOT_HAS_PROPERTY';
    const a = comparable(String(f.propertyName), have);
    const b = comparable(String(f.propertyName), String(f.value));
    switch (f.operator) {
      case 'EQ':
        return a === b;
      case 'NEQ':
        return a !== b;
      case 'GT':
        return a > b;
      case 'GTE':
        return a >= b;
      case 'LT':
        return a < b;
      case 'LTE':
        return a <= b;
      case 'HAS_PROPERTY':
        return true;
      default:
        return false;
    }
  };

  const handle = (req: StandinRequest): StandinResponse => {
    if (expired)
      return failure(401, 'EXPIRED_AUTHENTICATION', 'The OAuth token used to make this call expired 0 second(s) ago.');
    if (req.headers.authorization !== `Bearer ${accessToken}`)
      return failure(401, 'INVALID_AUTHENTICATION', 'Authentication credentials not found.');
    const path = req.url.pathname;
    if (req.method === 'POST' && path === '/crm/v3/objects/tickets/search') {
      const body = (req.body ?? {}) as {
        filterGroups?: { filters?: Filter[] }[];
        sorts?: { propertyName?: string; direction?: string }[];
        properties?: string[];
        limit?: number;
        after?: string;
      };
      const limit = body.limit ?? 10;
      if (!Number.isInteger(limit) || limit < 1 || limit > 200)
        return failure(400, 'VALIDATION_ERROR', 'limit must be between 1 and 200');
      if ((body.sorts ?? []).length > 1) return failure(400, 'VALIDATION_ERROR', 'only one sort is allowed');
      const after = Number(body.after ?? 0);
      if (after + limit > 10_000) return failure(400, 'VALIDATION_ERROR', 'The search cannot page past 10,000 results');
      const groups = body.filterGroups ?? [];
      const matching = [...tickets.values()].filter(
        (t) => groups.length === 0 || groups.some((g) => (g.filters ?? []).every((f) => passes(t, f))),
      );
      const sort = body.sorts?.[0];
      if (sort?.propertyName) {
        const key = sort.propertyName;
        const sign = sort.direction === 'DESCENDING' ? -1 : 1;
        const valueOf = (t: HubSpotStandinTicket) => comparable(key, t.properties.get(key) ?? '');
        // Ties come in no particular order (here: by a hash of the id), as the search promises none.
        const tie = (t: HubSpotStandinTicket) => createHash('md5').update(t.id).digest('hex');
        matching.sort((x, y) => {
          const a = valueOf(x);
          const b = valueOf(y);
          if (a === b) return tie(x) < tie(y) ? -1 : 1;
          return (a < b ? -1 : 1) * sign;
        });
      }
      const page = matching.slice(after, after + limit);
      const more = after + limit < matching.length;
      return {
        status: 200,
        body: {
          total: matching.length,
          results: page.map((t) => view(t, body.properties ?? [])),
          ...(more ? { paging: { next: { after: String(after + limit) } } } : {}),
        },
      };
    }
    const match = /^\/crm\/v3\/objects\/tickets\/(\d+)$/.exec(path);
    const ticket = match ? tickets.get(match[1]!) : undefined;
    if (!ticket) return failure(404, 'OBJECT_NOT_FOUND', 'resource not found');
    if (req.method === 'GET') {
      const names = (req.url.searchParams.get('properties') ?? '').split(',').filter((n) => n !== '');
      return { status: 200, headers: rateHeaders, body: view(ticket, names) };
    }
    if (req.method === 'PATCH') {
      const properties = (req.body as { properties?: Record<string, unknown> } | null)?.properties;
      if (properties === undefined || properties === null || typeof properties !== 'object')
        return failure(400, 'VALIDATION_ERROR', 'properties is required');
      const unknown = Object.keys(properties).filter((n) => !WRITABLE.has(n));
      if (unknown.length > 0)
        return failure(
          400,
          'VALIDATION_ERROR',
          `Property values were not valid: ${JSON.stringify(unknown.map((name) => ({ isValid: false, message: `Property "${name}" does not exist`, error: 'PROPERTY_DOESNT_EXIST', name })))}`,
        );
      writes.push({ method: req.method, path, body: req.body });
      for (const [name, value] of Object.entries(properties))
        ticket.properties.set(name, value === null ? null : typeof value === 'string' ? value : JSON.stringify(value));
      ticket.properties.set('hs_lastmodifieddate', now());
      return { status: 200, headers: rateHeaders, body: view(ticket, Object.keys(properties)) };
    }
    return failure(405, 'METHOD_NOT_ALLOWED', 'method not allowed');
  };

  const server = await startStandinServer(handle, options.port);
  return {
    server,
    baseUrl: server.baseUrl,
    credentials: { access_token: accessToken },
    tickets,
    editTicket(id, subject) {
      const t = tickets.get(id);
      if (!t) throw new Error(`no ticket ${id}`);
      t.properties.set('subject', subject);
      t.properties.set('hs_lastmodifieddate', now());
    },
    expireCredentials() {
      expired = true;
    },
    writes,
    stop: () => server.stop(),
  };
}

/** The 429 of the search's per-second limit (the search answers carry no rate-limit headers). */
export const hubspotRateLimited = (retryAfterSeconds: number) => ({
  kind: 'status' as const,
  status: 429,
  headers: { 'retry-after': String(retryAfterSeconds) },
  body: {
    status: 'error',
    message: 'You have reached your secondly limit.',
    errorType: 'RATE_LIMIT',
    correlationId: randomUUID(),
    policyName: 'SECONDLY',
  },
});
