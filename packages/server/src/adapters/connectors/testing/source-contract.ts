// The checks every connector source passes against its vendor's stand-in: paging, resuming, edits between pages, faults, write-back.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type ConnectorSource,
  type ConnectorType,
  type RemoteTicket,
  RemoteSystemError,
  type WriteBackMode,
} from '../../../core/ports/connector-sources.js';
import { createConnectorSources, type ConnectorSourcesOptions } from '../index.js';
import type { Fault, StandinRequest, StandinServer } from './standin-server.js';

/** A running stand-in as the contract sees it. */
export interface RunningStandin {
  server: StandinServer;
  baseUrl: string;
  credentials: Record<string, string>;
  /** Edits a ticket (a later update time) by its remote id. */
  edit(remoteId: string): void;
  expireCredentials(): void;
  /** Write calls the stand-in received. */
  writes: unknown[];
  stop(): Promise<void>;
}

export interface StandinKit {
  type: ConnectorType;
  /** `oneUpdateTime`: every seeded ticket shares one update time (a bulk change). */
  start(seed: number, options?: { oneUpdateTime?: boolean }): Promise<RunningStandin>;
  /** The vendor's 429, asking to wait `seconds`. */
  rateLimited(seconds: number): Fault;
  /** The vendor's 500. */
  serverError: Fault;
  /** True for the requests that list tickets. */
  isListing(request: StandinRequest): boolean;
  /** The remote's message on a 401, as the error must carry it. */
  authMessage: RegExp;
  /** Write modes to check, and the field written in `field` mode. */
  writeModes: WriteBackMode[];
  field?: string;
}

/** Every page from `cursor` until the source says done; the cursors stored after each page. */
export async function drain(
  source: ConnectorSource,
  cursor: string | null,
  onPage?: (page: number) => void,
): Promise<{ tickets: RemoteTicket[]; cursors: string[] }> {
  const tickets: RemoteTicket[] = [];
  const cursors: string[] = [];
  for (let page = 1; page <= 1000; page += 1) {
    const result = await source.fetchPage(cursors.at(-1) ?? cursor, null);
    tickets.push(...result.tickets);
    cursors.push(result.cursor);
    onPage?.(page);
    if (result.done) return { tickets, cursors };
  }
  throw new Error('the source never said done');
}

const SEED = 25;
const PAGE = 10;

export function describeSourceAgainstStandin(kit: StandinKit): void {
  describe(`${kit.type} source against its stand-in`, () => {
    let standin: RunningStandin;
    const sourceFor = (overrides: Partial<ConnectorSourcesOptions> = {}, credentials?: Record<string, string>) =>
      createConnectorSources({
        allowPrivateAddresses: true,
        pageSize: PAGE,
        backoffMs: 10,
        timeoutMs: 2_000,
        ...overrides,
      })({ type: kit.type, baseUrl: standin.baseUrl, credentials: credentials ?? standin.credentials });
    const listings = () => standin.server.requests.filter(kit.isListing).length;

    beforeEach(async () => {
      standin = await kit.start(SEED);
    });
    afterEach(async () => {
      await standin.stop();
    });

    it('syncs every ticket over several pages, each once, and says done at the end', async () => {
      const { tickets, cursors } = await drain(sourceFor(), null);
      const ids = tickets.map((t) => t.remoteId);
      expect(new Set(ids).size).toBe(SEED);
      expect(ids.length).toBe(SEED);
      expect(cursors.length).toBeGreaterThanOrEqual(3);
      for (const t of tickets) {
        expect(Number.isNaN(Date.parse(t.updatedAt.replace(' ', 'T')))).toBe(false);
        expect(Object.keys(t.fields).length).toBeGreaterThan(3);
      }
      // Polling again from the stored cursor finds nothing new.
      const again = await sourceFor().fetchPage(cursors.at(-1)!, null);
      expect(again.tickets).toEqual([]);
      expect(again.done).toBe(true);
    });

    it('resumes from a stored cursor with a new source (after a restart): the rest, nothing twice', async () => {
      const first = await sourceFor().fetchPage(null, null);
      expect(first.tickets.length).toBe(PAGE);
      expect(first.done).toBe(false);
      const rest = await drain(sourceFor(), first.cursor);
      const ids = [...first.tickets, ...rest.tickets].map((t) => t.remoteId);
      expect(ids.length).toBe(SEED);
      expect(new Set(ids).size).toBe(SEED);
    });

    it('loses no ticket edited between pages: the edited ones come again, later, with the edit', async () => {
      const source = sourceFor();
      const first = await source.fetchPage(null, null);
      const readAlready = first.tickets[3]!.remoteId;
      const seenIds = new Set(first.tickets.map((t) => t.remoteId));
      // Tickets not read yet: editing one moves it to the end of the update order (what shifts offset pages).
      const all = (await drain(sourceFor(), null)).tickets.map((t) => t.remoteId);
      const notYet = all.filter((id) => !seenIds.has(id));
      standin.edit(readAlready);
      standin.edit(notYet[0]!);
      standin.edit(notYet[5]!);
      const rest = await drain(source, first.cursor);
      const ids = new Set([...first.tickets, ...rest.tickets].map((t) => t.remoteId));
      expect(ids.size).toBe(SEED);
      const again = rest.tickets.filter((t) => t.remoteId === readAlready);
      expect(again.length).toBe(1);
      expect(Date.parse(again[0]!.updatedAt.replace(' ', 'T'))).toBeGreaterThan(
        Date.parse(first.tickets[3]!.updatedAt.replace(' ', 'T')),
      );
    });

    it('lists every ticket once when more than a page share one update time and one is edited mid-group', async () => {
      await standin.stop();
      standin = await kit.start(SEED, { oneUpdateTime: true });
      const source = sourceFor();
      const read: RemoteTicket[] = [];
      let cursor: string | null = null;
      let edited: string | undefined;
      for (let fetches = 0; fetches < 100; fetches += 1) {
        const page = await source.fetchPage(cursor, null);
        read.push(...page.tickets);
        cursor = page.cursor;
        // Two pages into the group, a ticket read first leaves it (a later update time): offset pages would now
        // shift the group's next ticket onto a page already read.
        if (edited === undefined && read.length >= 2 * PAGE) {
          edited = read[0]!.remoteId;
          standin.edit(edited);
        }
        if (page.done) break;
      }
      expect(edited).toBeDefined();
      expect(new Set(read.map((t) => t.remoteId)).size).toBe(SEED);
      expect(read.filter((t) => t.remoteId === edited).length).toBe(2);
    });

    it('waits out a 429 for its Retry-After, then goes on', async () => {
      standin.server.failNext(kit.rateLimited(1), { matches: kit.isListing });
      const started = Date.now();
      const page = await sourceFor().fetchPage(null, null);
      expect(Date.now() - started).toBeGreaterThanOrEqual(950);
      expect(page.tickets.length).toBe(PAGE);
      expect(listings()).toBe(2);
    });

    it('gives up with rate_limited when the 429 asks for longer than it may wait', async () => {
      standin.server.failNext(kit.rateLimited(3600), { matches: kit.isListing });
      const error = await sourceFor({ maxRateLimitWaitSeconds: 5 })
        .fetchPage(null, null)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RemoteSystemError);
      expect(error).toMatchObject({ kind: 'rate_limited', status: 429, retryAfterSeconds: 3600 });
      expect(listings()).toBe(1);
    });

    it('retries 5xx with backoff, and fails cleanly with kind remote when they go on', async () => {
      standin.server.failNext(kit.serverError, { matches: kit.isListing, times: 2 });
      expect((await sourceFor().fetchPage(null, null)).tickets.length).toBe(PAGE);
      expect(listings()).toBe(3);
      standin.server.requests.length = 0;
      standin.server.failNext(kit.serverError, { matches: kit.isListing, times: 100 });
      const error = await sourceFor({ maxAttempts: 3 })
        .fetchPage(null, null)
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ kind: 'remote', status: (kit.serverError as { status: number }).status });
      expect(listings()).toBe(3);
    });

    it('retries a connection dropped in the middle of a page, and a page that never comes (timeout)', async () => {
      standin.server.failNext({ kind: 'drop' }, { matches: kit.isListing });
      standin.server.failNext({ kind: 'hang' }, { matches: kit.isListing });
      const { tickets } = await drain(sourceFor({ timeoutMs: 300 }), null);
      expect(new Set(tickets.map((t) => t.remoteId)).size).toBe(SEED);
      standin.server.failNext({ kind: 'drop' }, { matches: kit.isListing, times: 100 });
      const error = await sourceFor({ maxAttempts: 2 })
        .fetchPage(null, null)
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ kind: 'network', status: null });
    });

    it('stops with kind auth and the remote message on expired credentials, and never shows them', async () => {
      const source = sourceFor();
      const first = await source.fetchPage(null, null);
      standin.expireCredentials();
      const error = await source.fetchPage(first.cursor, null).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RemoteSystemError);
      const failure = error as RemoteSystemError;
      expect(failure.kind).toBe('auth');
      expect(failure.status).toBe(401);
      expect(failure.remoteMessage).toMatch(kit.authMessage);
      const shown = `${failure.message} ${failure.remoteMessage} ${failure.stack ?? ''} ${JSON.stringify(failure)}`;
      for (const secret of Object.values(standin.credentials).filter((v) => v.length > 4))
        expect(shown).not.toContain(secret);
      expect(listings()).toBe(2); // an auth failure is not retried
    });

    it('refuses a loopback base URL unless private addresses are allowed, before sending anything', async () => {
      const error = await sourceFor({ allowPrivateAddresses: false })
        .fetchPage(null, null)
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ kind: 'rejected', status: null });
      expect((error as Error).message).toMatch(/private, loopback or link-local/);
      expect(standin.server.requests.length).toBe(0);
    });

    for (const mode of kit.writeModes) {
      it(`writes labels back in ${mode} mode exactly once, however often the write is retried`, async () => {
        const source = sourceFor();
        const { tickets } = await drain(source, null);
        const remoteId = tickets[2]!.remoteId;
        const write = {
          remoteId,
          labels: ['billing', 'refund request'],
          modelName: 'triage',
          mode,
          field: kit.field,
          marker: `conn_1:${remoteId}:triage@3`,
        };
        expect(await source.writeBack(write)).toBe('written');
        expect(standin.writes.length).toBe(1);
        expect(await source.writeBack(write)).toBe('already_present');
        expect(await sourceFor().writeBack(write)).toBe('already_present');
        expect(standin.writes.length).toBe(1);
        // Another model version is another write.
        expect(await source.writeBack({ ...write, marker: `${write.marker}.1`, labels: ['technical'] })).toBe(
          'written',
        );
        expect(standin.writes.length).toBe(2);
      });
    }

    it('checks the marker again before retrying a write whose answer was lost: one write', async () => {
      const source = sourceFor();
      const { tickets } = await drain(source, null);
      const mode = kit.writeModes[kit.writeModes.length - 1]!;
      const remoteId = tickets[0]!.remoteId;
      const write = {
        remoteId,
        labels: ['billing'],
        modelName: 'triage',
        mode,
        field: kit.field,
        marker: `c:${remoteId}:m@1`,
      };
      // The write reaches the remote, then the connection drops before the answer.
      const isWrite = (r: StandinRequest) => r.method !== 'GET' && !kit.isListing(r);
      standin.server.failNext({ kind: 'drop' }, { matches: isWrite });
      expect(await source.writeBack(write)).toBe('written');
      expect(standin.writes.length).toBe(1);
      expect(standin.server.requests.filter(isWrite).length).toBe(1);
      // A write that fails every time fails the call; the caller's later retry finds the marker.
      const other = { ...write, marker: `c:${remoteId}:m@2`, labels: ['technical'] };
      standin.server.failNext(kit.serverError, { matches: isWrite, times: 100 });
      await expect(sourceFor({ maxAttempts: 2 }).writeBack(other)).rejects.toMatchObject({ kind: 'remote' });
      expect(standin.writes.length).toBe(1);
    });
  });
}
