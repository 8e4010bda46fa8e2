// Makes one write-back at most once: the marker is checked before the write and again before any retry of a failed write.
import { RemoteSystemError, type WriteOutcome } from '../../core/ports/connector-sources.js';
import { abortableSleep, type RemoteHttp } from './remote-http.js';

/**
 * `isPresent` reads the ticket for this write's marker; `write` makes the write (one attempt, not retried by the HTTP
 * client). A write that failed without a clear answer (5xx, timeout, dropped connection) may have been made, so before
 * trying again the marker is read again: found, the write was made (`written`); a marker found before any attempt
 * means an earlier call made it (`already_present`).
 */
export async function writeOnce(
  api: RemoteHttp,
  isPresent: () => Promise<boolean>,
  write: () => Promise<unknown>,
  signal?: AbortSignal,
): Promise<WriteOutcome> {
  for (let failures = 0; ;) {
    if (await isPresent()) return failures === 0 ? 'already_present' : 'written';
    try {
      await write();
      return 'written';
    } catch (error) {
      const unclear = error instanceof RemoteSystemError && (error.kind === 'remote' || error.kind === 'network');
      failures += 1;
      if (!unclear || failures >= api.maxAttempts) throw error;
      await abortableSleep(api.backoffMs(failures), signal);
    }
  }
}
