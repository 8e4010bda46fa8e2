// Where a HubSpot ticket sync stands, and the search each position asks: by modification time, or by id within one time.
import type { RemoteTicket, TicketPage } from '../../core/ports/connector-sources.js';

/**
 * HubSpot's search takes one sort, so a page cannot be ordered by (modification time, id) at once. Two positions:
 * - `time`: tickets modified at or after `since` (after it, when `strict`), by modification time; the ids already
 *   read at exactly `since` (`seen`) are dropped. A group of tickets sharing one time that is smaller than a page
 *   comes whole in one answer, so nothing of it is missed.
 * - `group`: a page wholly of one time means more tickets share it than a page holds: they are listed by id within that
 *   time (`hs_lastmodifieddate EQ since`, `hs_object_id GT afterId`, sorted by hs_object_id), an exact keyset, then
 *   the search goes on strictly after that time.
 * Either way an edited ticket moves past the position and comes again later, and nothing shifts onto a page read.
 */
export type HubSpotCursor =
  | { mode: 'time'; since: string; seen: string[]; strict: boolean }
  | { mode: 'group'; since: string; afterId: string | null };

export function startHubSpotCursor(since: string): HubSpotCursor {
  return { mode: 'time', since, seen: [], strict: false };
}

/** A stored cursor; the watermark cursor stored before (`{since, seen, page}`) resumes at its time. */
export function decodeHubSpotCursor(raw: string): HubSpotCursor {
  const parsed = JSON.parse(raw) as Record<string, unknown>;
  const { since, seen, after_id: afterId } = parsed;
  const ids = Array.isArray(seen) && seen.every((id) => typeof id === 'string') ? (seen as string[]) : null;
  if (typeof since !== 'string') throw new Error('not a cursor of this connector');
  if (parsed.mode === 'group' && (afterId === null || typeof afterId === 'string'))
    return { mode: 'group', since, afterId };
  if (ids !== null) return { mode: 'time', since, seen: ids, strict: parsed.strict === true };
  throw new Error('not a cursor of this connector');
}

export function encodeHubSpotCursor(cursor: HubSpotCursor): string {
  return cursor.mode === 'group'
    ? JSON.stringify({ mode: 'group', since: cursor.since, after_id: cursor.afterId })
    : JSON.stringify({ mode: 'time', since: cursor.since, seen: cursor.seen, strict: cursor.strict });
}

/** The search body's filters and sort for a position (epoch milliseconds, as the search compares dates). */
export function hubspotSearchOf(cursor: HubSpotCursor): {
  filterGroups: Array<{ filters: Array<{ propertyName: string; operator: string; value: string }> }>;
  sorts: Array<{ propertyName: string; direction: 'ASCENDING' }>;
} {
  const since = String(Date.parse(cursor.since));
  if (cursor.mode === 'group')
    return {
      filterGroups: [
        {
          filters: [
            { propertyName: 'hs_lastmodifieddate', operator: 'EQ', value: since },
            ...(cursor.afterId === null
              ? []
              : [{ propertyName: 'hs_object_id', operator: 'GT', value: cursor.afterId }]),
          ],
        },
      ],
      sorts: [{ propertyName: 'hs_object_id', direction: 'ASCENDING' }],
    };
  return {
    filterGroups: [
      {
        filters: [{ propertyName: 'hs_lastmodifieddate', operator: cursor.strict ? 'GT' : 'GTE', value: since }],
      },
    ],
    sorts: [{ propertyName: 'hs_lastmodifieddate', direction: 'ASCENDING' }],
  };
}

/** The page to hand on and the position after it, from one search's results (`pageSize` asked for). */
export function advanceHubSpot(cursor: HubSpotCursor, listed: RemoteTicket[], pageSize: number): TicketPage {
  const full = listed.length >= pageSize;
  const last = listed.at(-1);
  const millis = (t: RemoteTicket) => Date.parse(t.updatedAt);
  if (cursor.mode === 'group') {
    const next: HubSpotCursor =
      last === undefined || !full
        ? { mode: 'time', since: cursor.since, seen: [], strict: true }
        : { mode: 'group', since: cursor.since, afterId: last.remoteId };
    return { tickets: listed, cursor: encodeHubSpotCursor(next), done: false };
  }
  if (last === undefined) return { tickets: [], cursor: encodeHubSpotCursor(cursor), done: true };
  const first = listed[0]!;
  if (full && millis(first) === millis(last))
    // More tickets share this time than a page holds: listed again by id within it (those here come once more).
    return {
      tickets: [],
      cursor: encodeHubSpotCursor({ mode: 'group', since: last.updatedAt, afterId: null }),
      done: false,
    };
  const sinceMillis = Date.parse(cursor.since);
  const seen = new Set(cursor.seen);
  const fresh = listed.filter((t) => !(millis(t) === sinceMillis && seen.has(t.remoteId)));
  const atLast = listed.filter((t) => millis(t) === millis(last)).map((t) => t.remoteId);
  const next: HubSpotCursor =
    millis(last) === sinceMillis
      ? { mode: 'time', since: cursor.since, seen: [...new Set([...seen, ...atLast])], strict: cursor.strict }
      : { mode: 'time', since: last.updatedAt, seen: atLast, strict: false };
  return { tickets: fresh, cursor: encodeHubSpotCursor(next), done: !full };
}
