// The change feed of embedded PGlite, through its listen API.
import { CHANGES_CHANNEL, ChangeFanout, type ChangeFeed } from './change-feed.js';

/**
 * PGlite delivers a notification before the statement that committed it returns, so its feed is live from the start
 * and a write is seen at once. Call before anything else uses the database (LISTEN runs outside the driver's lock).
 */
export async function listenOnPGlite(
  pglite: { listen(channel: string, callback: (payload: string) => void): Promise<unknown> },
  schema: string,
): Promise<ChangeFeed> {
  const feed = new ChangeFanout();
  await pglite.listen(CHANGES_CHANNEL, (payload) => feed.notify(payload, schema));
  feed.resumed();
  return feed;
}
