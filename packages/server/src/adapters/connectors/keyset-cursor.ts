// The cursor of the systems that can list tickets after an exact (update time, id) position: the last ticket read.

/** Everything up to (`since`, `afterId`) in (update time, id) order was read; `afterId` null: nothing at `since` yet. */
export interface KeysetCursor {
  /** The vendor's own timestamp text of the last ticket read. */
  since: string;
  /** Its id; null before the first ticket at `since` was read. */
  afterId: string | null;
}

export function encodeKeysetCursor(cursor: KeysetCursor): string {
  return JSON.stringify({ since: cursor.since, after_id: cursor.afterId });
}

/**
 * A stored cursor. The watermark cursor stored before (`{since, seen, page}`) resumes at its time: the tickets of that
 * time come once more and are stored as unchanged.
 */
export function decodeKeysetCursor(raw: string): KeysetCursor {
  const parsed = JSON.parse(raw) as { since?: unknown; after_id?: unknown; seen?: unknown };
  if (typeof parsed.since !== 'string') throw new Error('not a cursor of this connector');
  if (typeof parsed.after_id === 'string') return { since: parsed.since, afterId: parsed.after_id };
  if (parsed.after_id === null || Array.isArray(parsed.seen)) return { since: parsed.since, afterId: null };
  throw new Error('not a cursor of this connector');
}
