// The steady-load phase: the item endpoint's capacity measured by the closed loop, then half of it offered on a schedule, accept→webhook timed.
import { round } from '@textclass/model-tools';
import type { Api } from './api.js';
import type { ItemPhase } from './phases.js';
import type { TimedReceiver } from './receiver.js';
import { acceptToWebhook, type LatencySummary } from './stats.js';
import { runSteadyLoad } from './steady-load.js';

export interface SteadyPhase {
  /** Rows/s the closed-loop item phase carried end to end: the slower of classified and delivered. */
  capacityRowsPerSecond: number;
  /** Rows/s offered: half the capacity. */
  offeredRowsPerSecond: number;
  seconds: number;
  calls: number;
  errors: number;
  firstError?: string;
  rowsAccepted: number;
  webhook: LatencySummary;
}

/** The item phase's end-to-end rows/s (null when a row was not classified or not delivered inside its drain). */
export function itemCapacity(item: ItemPhase): number | null {
  const { classifiedRowsPerSecond: classified, deliveredRowsPerSecond: delivered } = item;
  return classified === null || delivered === null ? null : Math.min(classified, delivered);
}

export async function steadyPhase(
  api: Api,
  receiver: TimedReceiver,
  dataset: { id: number },
  texts: readonly string[],
  capacity: number,
  bounds: { seconds: number; drainSeconds: number },
): Promise<SteadyPhase> {
  const offered = capacity / 2;
  const load = await runSteadyLoad(api, dataset.id, texts, {
    rowsPerSecond: offered,
    rowsPerCall: 8,
    seconds: bounds.seconds,
  });
  await receiver.waitFor(
    load.accepted.map((row) => row.text),
    performance.now() + bounds.drainSeconds * 1000,
  );
  return {
    capacityRowsPerSecond: round(capacity, 1),
    offeredRowsPerSecond: round(offered, 1),
    seconds: round(load.seconds, 2),
    calls: load.calls,
    errors: load.errors,
    ...(load.firstError ? { firstError: load.firstError } : {}),
    rowsAccepted: load.rowsAccepted,
    webhook: acceptToWebhook(load.accepted, receiver.arrivals),
  };
}
