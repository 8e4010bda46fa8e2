// The cursor of the systems that list tickets by "updated since": a watermark, the ids already taken at it, and a page within it.
import type { RemoteTicket, TicketPage } from '../../core/ports/connector-sources.js';

/**
 * Every fetch asks again for tickets updated at or after `since`, ordered by update time, first page: a ticket edited
 * while the sync pages moves past the watermark and is listed again later, and nothing shifts out of a page already
 * read (the shift that loses tickets when paging by offset). Tickets updated exactly at `since` that were already
 * taken (`seen`) are dropped. Only when a whole page shares one update time does the cursor page within that time
 * (`page`), since asking again from `since` would return the same page. That one case pages by offset within the
 * shared time: if a ticket of that group is edited between two of its pages, the ticket after it can shift onto the
 * page already read and is not listed in this run (it is listed again once it changes).
 */
export interface WatermarkCursor {
  /** The vendor's own timestamp text of the watermark. */
  since: string;
  /** Ids already taken whose update time is exactly `since`. */
  seen: string[];
  /** Pages (0-based) to skip within `since` when more than a page of tickets share that update time. */
  page: number;
}

export function startCursor(since: string): WatermarkCursor {
  return { since, seen: [], page: 0 };
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
  return { since: parsed.since, seen: parsed.seen, page: parsed.page };
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
  const fresh = listed.filter((l) => !(l.millis === sinceMillis && seen.has(l.ticket.remoteId)));
  const done = listed.length < pageSize;
  const last = listed.at(-1);
  let next: WatermarkCursor;
  if (last === undefined) next = cursor;
  else if (last.millis === sinceMillis) {
    // The whole page shares the watermark's time: page on within it.
    for (const l of listed) seen.add(l.ticket.remoteId);
    next = { since: cursor.since, seen: [...seen], page: done ? 0 : cursor.page + 1 };
  } else {
    const atLast = listed.filter((l) => l.millis === last.millis).map((l) => l.ticket.remoteId);
    next = { since: last.stamp, seen: atLast, page: 0 };
  }
  return { tickets: fresh.map((l) => l.ticket), cursor: encodeCursor(next), done };
}
