// The waiting work of one batching queue as one FIFO lane per key (a workspace), taken in turns: one key's large request cannot hold back another's.

interface Lane<T> {
  key: string;
  items: T[];
  /** items[0, head) are taken. */
  head: number;
}

/** Taken items are dropped from a lane's array once this many have gathered (and they are most of it). */
const COMPACT_AFTER = 1_024;

/**
 * Round-robin over the lanes that hold work, one item per turn. A batch ends at the first item that would overrun its
 * budget, and that item's lane has the first turn of the next batch; a key with nothing waiting that queues work takes
 * the next turn (after the keys that joined before it since the last batch). So with any number of keys queued, a key's first item is in the next batch but one at the latest:
 * it waits at most for the batch that runs now.
 */
export class QueueLanes<T> {
  private readonly lanes = new Map<string, Lane<T>>();
  /** Lanes holding items, in turn order; ring[cursor] has the next turn. */
  private readonly ring: Array<Lane<T>> = [];
  private cursor = 0;
  /** Lanes that joined at the cursor since the last take(): the next joins after them, in arrival order. */
  private joined = 0;
  /** Items waiting, over every lane (dropped ones count until a take() passes them). */
  size = 0;

  push(key: string, items: readonly T[]): void {
    if (items.length === 0) return;
    let lane = this.lanes.get(key);
    if (!lane) {
      lane = { key, items: [], head: 0 };
      this.lanes.set(key, lane);
      this.ring.splice(Math.min(this.cursor + this.joined, this.ring.length), 0, lane);
      this.joined++;
    }
    for (const item of items) lane.items.push(item);
    this.size += items.length;
  }

  /**
   * Takes items in turns, at most maxItems, until the next one's cost would take the total over budget (the first
   * item is taken whatever its cost). Items for which dropped() holds are discarded as they come up.
   */
  take(maxItems: number, budget: number, cost: (item: T) => number, dropped: (item: T) => boolean): T[] {
    const taken: T[] = [];
    let spent = 0;
    this.joined = 0;
    while (taken.length < maxItems && this.ring.length > 0) {
      if (this.cursor >= this.ring.length) this.cursor = 0;
      const lane = this.ring[this.cursor] as Lane<T>;
      while (lane.head < lane.items.length && dropped(lane.items[lane.head] as T)) this.advance(lane);
      if (lane.head === lane.items.length) {
        this.remove(lane);
        continue;
      }
      const item = lane.items[lane.head] as T;
      const itemCost = cost(item);
      if (taken.length > 0 && spent + itemCost > budget) break;
      this.advance(lane);
      taken.push(item);
      spent += itemCost;
      if (lane.head === lane.items.length) this.remove(lane);
      else this.cursor++;
    }
    return taken;
  }

  private advance(lane: Lane<T>): void {
    lane.head++;
    this.size--;
    if (lane.head >= COMPACT_AFTER && lane.head * 2 >= lane.items.length) {
      lane.items.splice(0, lane.head);
      lane.head = 0;
    }
  }

  /** Drops an emptied lane (the one at the cursor): the lane after it has the next turn. */
  private remove(lane: Lane<T>): void {
    this.ring.splice(this.cursor, 1);
    this.lanes.delete(lane.key);
  }
}
