// The cursor of the systems that list tickets by "updated since": a watermark, the ids already taken at it, and a page within it.
import type { RemoteTicket, TicketPage } from '../../core/ports/connector-sources.js';

/**
 * Every fetch asks again for tickets updated at or after `since`, ordered by update time, first page: a ticket edited
 * while the sync pages moves past the watermark and is listed again later, and nothing shifts out of a page already
 * read (the shift that loses tickets when paging by offset). Tickets updated exactly at `since` that were already
 * taken (`seen`) are dropped. Only when a whole page shares one update time does the cursor page within that time
 * (`page`), since asking again from `since` would return the same page. That case pages by offset within the shared
 * time (the list cannot start after an id): a ticket of the group edited between two of its pages leaves it, and the
 * one after it shifts onto the page already read. So once such a walk reaches the end of the group it walks the group
 * again (`rechecks`), taking any ticket not seen yet, and again while a walk still finds one (at most MAX_RECHECKS
 * walks). What remains: a ticket that shifts during the last walk, with no ticket found in that walk, is listed when it
 * next changes.
 */
export interface WatermarkCursor {
  /** The vendor's own timestamp text of the watermark. */
  since: string;
  /** Ids already taken whose update time is exactly `since`. */
  seen: string[];
  /** Pages (0-based) to skip within `since` when more than a page of tickets share that update time. */
  page: number;
  /** Walks of the group at `since` made again after the first (0: none yet). */
  rechecks: number;
  /** Whether the walk in progress found a ticket of the group not seen before. */
  found: boolean;
}

/** Walks of one group again, at most, after the walk that first paged through it. */
export const MAX_RECHECKS = 3;

export function startCursor(since: string): WatermarkCursor {
  return { since, seen: [], page: 0, rechecks: 0, found: false };
}

export function encodeCursor(cursor: WatermarkCursor): string {
  return JSON.stringify(cursor);
}

export function decodeCursor(raw: string): WatermarkCursor {
  const parsed = JSON.parse(raw) as Partial<WatermarkCursor>;
  if (
    typeof parsed.since !== 'string' ||
    !Array.isArray(parsed.seen) ||
    !parsed.seen.every((id) => typeof id === 'string') ||
    typeof parsed.page !== 'number'
  )
    throw new Error('not a cursor of this connector');
  return {
    since: parsed.since,
    seen: parsed.seen,
    page: parsed.page,
    rechecks: typeof parsed.rechecks === 'number' ? parsed.rechecks : 0,
    found: parsed.found === true,
  };
}

/** One listed ticket with its update time as the vendor wrote it and as milliseconds, for comparing. */
export interface ListedTicket {
  ticket: RemoteTicket;
  stamp: string;
  millis: number;
}

/** The page to hand on and the cursor after it, from what one request at `cursor` listed (`pageSize` asked for). */
export function advance(
  cursor: WatermarkCursor,
  listed: ListedTicket[],
  pageSize: number,
  millisOf: (stamp: string) => number = Date.parse,
): TicketPage {
  const sinceMillis = millisOf(cursor.since);
  const seen = new Set(cursor.seen);
  const atSince = (l: ListedTicket) => l.millis === sinceMillis;
  const fresh = listed.filter((l) => !(atSince(l) && seen.has(l.ticket.remoteId)));
  for (const l of listed) if (atSince(l)) seen.add(l.ticket.remoteId);
  const found = cursor.found || fresh.some(atSince);
  const done = listed.length < pageSize;
  const last = listed.at(-1);
  const walked = cursor.page > 0 || cursor.rechecks > 0;
  const encode = (next: WatermarkCursor) => encodeCursor(next);
  if (last === undefined) return { tickets: [], cursor: encode(cursor), done: true };
  if (atSince(last) && !done)
    // The whole page shares the watermark's time: page on within it.
    return {
      tickets: fresh.map((l) => l.ticket),
      cursor: encode({ ...cursor, seen: [...seen], page: cursor.page + 1, found }),
      done: false,
    };
  // The walk reached the end of the group at `since` (this page ends it, or goes past it).
  const again = walked && (cursor.rechecks === 0 || found) && cursor.rechecks < MAX_RECHECKS;
  if (again)
    return {
      tickets: fresh.filter(atSince).map((l) => l.ticket),
      cursor: encode({ since: cursor.since, seen: [...seen], page: 0, rechecks: cursor.rechecks + 1, found: false }),
      done: false,
    };
  if (atSince(last))
    return {
      tickets: fresh.map((l) => l.ticket),
      // Rechecked already: a later poll walks the group once to get past it, without walking it again.
      cursor: encode({
        since: cursor.since,
        seen: [...seen],
        page: 0,
        rechecks: walked ? MAX_RECHECKS : 0,
        found: false,
      }),
      done: true,
    };
  const atLast = listed.filter((l) => l.millis === last.millis).map((l) => l.ticket.remoteId);
  return {
    tickets: fresh.map((l) => l.ticket),
    cursor: encode({ since: last.stamp, seen: atLast, page: 0, rechecks: 0, found: false }),
    done,
  };
}
