// A local stand-in for the ServiceNow Table API: incident and sys_journal_field, encoded queries, limit/offset paging, PATCH.
//
// It behaves as the Table API reference describes
// (https://developer.servicenow.com/dev.do#!/reference/api/latest/rest/c_TableAPI): `sysparm_query` encoded queries
// (conditions joined by `^`, `^OR` joining the condition before, `>=`, `>`, `<=`, `<`, `=`, `!=`, `LIKE`, `STARTSWITH`, `^ORDERBY`/`^ORDERBYDESC`),
// `sysparm_limit` and `sysparm_offset` (offset paging: an edited record moves and the ones after it shift),
// `sysparm_fields`, `{"result": …}` answers with `X-Total-Count` and `Link`, values as strings, unknown fields in a
// PATCH ignored (as the instance does), work notes kept as journal entries, and errors as
// `{"error": {"message", "detail"}, "status": "failure"}`.
import { createHash } from 'node:crypto';
import {
  basicCredentials,
  secondsClock,
  startStandinServer,
  type StandinRequest,
  type StandinResponse,
  type StandinServer,
} from './standin-server.js';

type Row = Record<string, string>;

export interface ServiceNowStandin {
  server: StandinServer;
  baseUrl: string;
  credentials: { username: string; password: string };
  incidents: Map<string, Row>;
  journal: Row[];
  editIncident(sysId: string, shortDescription: string): void;
  expireCredentials(): void;
  writes: { method: string; path: string; body: unknown }[];
  stop(): Promise<void>;
}

const SEED_START = Date.parse('2026-01-01T00:00:00Z');
const TEXTS = ['Email server down for the sales floor', 'VPN disconnects every ten minutes', 'Printer on floor 3 jams'];

export const stamp = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');

type Condition = { field: string; op: string; value: string };

/** Parses an encoded query: its conditions (AND of ORs: `^ORfield…` joins the condition before it) and its ORDERBY fields. */
function parseQuery(query: string): { conditions: Condition[][]; order: { field: string; desc: boolean }[] } | null {
  const conditions: Condition[][] = [];
  const order: { field: string; desc: boolean }[] = [];
  for (const part of query.split('^').filter((p) => p !== '')) {
    const sort = /^ORDERBY(DESC)?([a-z_][a-z0-9_]*)$/.exec(part);
    if (sort) {
      order.push({ field: sort[2]!, desc: sort[1] !== undefined });
      continue;
    }
    const match = /^(OR)?([a-z_][a-z0-9_.]*)(>=|<=|!=|>|<|=|LIKE|STARTSWITH)(.*)$/.exec(part);
    if (!match) return null;
    const condition = { field: match[2]!, op: match[3]!, value: match[4]! };
    const previous = conditions.at(-1);
    if (match[1] === undefined) conditions.push([condition]);
    else if (previous === undefined) return null;
    else previous.push(condition);
  }
  return { conditions, order };
}

function holds(row: Row, c: Condition): boolean {
  const v = Object.hasOwn(row, c.field) ? row[c.field]! : '';
  switch (c.op) {
    case '>=':
      return v >= c.value;
    case '<=':
      return v <= c.value;
    case '>':
      return v > c.value;
    case '<':
      return v < c.value;
    case '=':
      return v === c.value;
    case '!=':
      return v !== c.value;
    case 'LIKE':
      return v.includes(c.value);
    default:
      return v.startsWith(c.value);
  }
}

export async function startServiceNowStandin(
  options: { seed?: number; oneUpdateTime?: boolean; username?: string; password?: string; port?: number } = {},
): Promise<ServiceNowStandin> {
  const username = options.username ?? 'textclass.integration';
  const password = options.password ?? 'sn-standin-password';
  const clock = secondsClock();
  const incidents = new Map<string, Row>();
  const journal: Row[] = [];
  const writes: ServiceNowStandin['writes'] = [];
  let expired = false;
  const sysId = (seed: string) => createHash('md5').update(seed).digest('hex');

  for (let i = 1; i <= (options.seed ?? 0); i += 1) {
    // Every fifth incident shares its update second with the one before.
    const at = stamp(new Date(SEED_START + (options.oneUpdateTime ? 0 : i % 5 === 0 ? i - 1 : i) * 60_000));
    const id = sysId(`incident-${i}`);
    incidents.set(id, {
      sys_id: id,
      number: `INC${String(10000 + i).padStart(7, '0')}`,
      short_description: `Incident ${i}`,
      description: `Seeded incident ${i}: ${TEXTS[i % TEXTS.length]}`,
      active: 'true',
      state: '1',
      priority: String(1 + (i % 5)),
      urgency: '2',
      impact: '2',
      category: 'inquiry',
      u_category: '',
      caller_id: sysId(`user-${i % 7}`),
      sys_created_on: at,
      sys_updated_on: at,
      sys_mod_count: '0',
      work_notes: '',
    });
  }

  const failure = (status: number, message: string, detail: string): StandinResponse => ({
    status,
    body: { error: { message, detail }, status: 'failure' },
  });
  const pick = (row: Row, fields: string | null): Row => {
    if (fields === null || fields === '') return { ...row };
    return Object.fromEntries(fields.split(',').flatMap((f) => (Object.hasOwn(row, f) ? [[f, row[f]!]] : [])));
  };
  const touch = (row: Row) => {
    row.sys_updated_on = stamp(clock());
    row.sys_mod_count = String(Number(row.sys_mod_count ?? 0) + 1);
  };

  let baseUrl = '';
  const handle = (req: StandinRequest): StandinResponse => {
    const auth = basicCredentials(req.headers);
    if (expired || auth?.user !== username || auth.password !== password)
      return failure(401, 'User Not Authenticated', 'Required to provide Auth information');
    const match = /^\/api\/now\/table\/(incident|sys_journal_field)(?:\/([0-9a-f]{32}))?$/.exec(req.url.pathname);
    if (!match) return failure(400, 'Invalid table', `Invalid table ${req.url.pathname}`);
    const rows = match[1] === 'incident' ? [...incidents.values()] : journal;
    const q = req.url.searchParams;
    const fields = q.get('sysparm_fields');

    if (match[2] === undefined && req.method === 'GET') {
      const parsed = parseQuery(q.get('sysparm_query') ?? '');
      if (parsed === null) return failure(400, 'Invalid query', 'The encoded query could not be parsed');
      const limit = Number(q.get('sysparm_limit') ?? 10_000);
      const offset = Number(q.get('sysparm_offset') ?? 0);
      const matching = rows.filter((row) => parsed.conditions.every((any) => any.some((c) => holds(row, c))));
      matching.sort((a, b) => {
        for (const { field, desc } of parsed.order) {
          const x = Object.hasOwn(a, field) ? a[field]! : '';
          const y = Object.hasOwn(b, field) ? b[field]! : '';
          if (x !== y) return (x < y ? -1 : 1) * (desc ? -1 : 1);
        }
        return 0;
      });
      const page = matching.slice(offset, offset + limit);
      const link = (o: number) => {
        const u = new URL(`${baseUrl}${req.url.pathname}${req.url.search}`);
        u.searchParams.set('sysparm_offset', String(o));
        return u.href;
      };
      const links = [`<${link(0)}>;rel="first"`];
      if (offset + limit < matching.length) links.push(`<${link(offset + limit)}>;rel="next"`);
      return {
        status: 200,
        headers: { 'x-total-count': String(matching.length), link: links.join(',') },
        body: { result: page.map((row) => pick(row, fields)) },
      };
    }
    const row = match[1] === 'incident' && match[2] !== undefined ? incidents.get(match[2]) : undefined;
    if (row === undefined)
      return failure(404, 'No Record found', "Record doesn't exist or ACL restricts the record retrieval");
    if (req.method === 'GET') return { status: 200, body: { result: pick(row, fields) } };
    if (req.method === 'PATCH' || req.method === 'PUT') {
      const body = req.body;
      if (body === null || typeof body !== 'object' || Array.isArray(body))
        return failure(400, 'Exception while reading request', 'The payload is not valid JSON.');
      writes.push({ method: req.method, path: req.url.pathname, body });
      for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
        if (key === 'work_notes') {
          journal.push({
            sys_id: sysId(`journal-${journal.length}`),
            element_id: row.sys_id!,
            element: 'work_notes',
            name: 'incident',
            value: String(value),
            sys_created_on: stamp(new Date()),
          });
        } else if (Object.hasOwn(row, key) && !key.startsWith('sys_')) row[key] = String(value);
        // Unknown fields and system fields are ignored, as the instance does.
      }
      touch(row);
      return { status: 200, body: { result: pick(row, null) } };
    }
    return failure(405, 'Method not Supported', `${req.method} is not supported on this resource`);
  };

  const server = await startStandinServer(handle, options.port);
  baseUrl = server.baseUrl;
  return {
    server,
    baseUrl,
    credentials: { username, password },
    incidents,
    journal,
    editIncident(id, shortDescription) {
      const row = incidents.get(id);
      if (!row) throw new Error(`no incident ${id}`);
      row.short_description = shortDescription;
      touch(row);
    },
    expireCredentials() {
      expired = true;
    },
    writes,
    stop: () => server.stop(),
  };
}

/** The 429 of an inbound REST rate limit rule. */
export const servicenowRateLimited = (retryAfterSeconds: number) => ({
  kind: 'status' as const,
  status: 429,
  headers: {
    'retry-after': String(retryAfterSeconds),
    'x-ratelimit-limit': '100',
    'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + retryAfterSeconds),
  },
  body: {
    error: { message: 'Rate limit exceeded', detail: 'The rate limit rule for this user has been exceeded' },
    status: 'failure',
  },
});
