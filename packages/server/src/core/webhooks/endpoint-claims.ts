// How many deliveries the dispatcher claims for each endpoint: doubled while a receiver drains its whole claim before the next tick, back to the base on a slow or failed answer.

/** The claim sizing rule's bounds. */
export interface EndpointClaimBounds {
  /** The claim of an endpoint not seen yet, and of one that answered slowly or failed: what it may hold waiting. */
  base: number;
  /** The largest claim (waiting deliveries) a fast endpoint grows to. */
  ceiling: number;
}

export class EndpointClaims {
  /** Claim size by endpoint id, where it differs from the base. */
  readonly #size = new Map<number, number>();
  /** Endpoints whose last claim came back full (a backlog), by id. */
  readonly #backlogged = new Set<number>();

  constructor(private readonly bounds: EndpointClaimBounds) {}

  /** The most deliveries the endpoint may hold waiting for a slot. */
  size(endpointId: number): number {
    return this.#size.get(endpointId) ?? this.bounds.base;
  }

  /**
   * How many to claim for the endpoint now, `waiting` being held already: none while more than half its claim waits,
   * else enough to top it up to its claim.
   */
  wanted(endpointId: number, waiting: number): number {
    const size = this.size(endpointId);
    return waiting > size / 2 ? 0 : size - waiting;
  }

  /** Notes what a tick claimed for the endpoint out of what it wanted (all of it: more is due). */
  claimed(endpointId: number, got: number, wanted: number): void {
    if (wanted === 0) return;
    if (got >= wanted) this.#backlogged.add(endpointId);
    else this.#backlogged.delete(endpointId);
  }

  /**
   * At a tick, an endpoint with nothing left waiting: if its last claim was full (more was due) it ran dry between two
   * ticks, so its claim doubles, up to the ceiling.
   */
  ranDry(endpointId: number): void {
    if (!this.#backlogged.has(endpointId)) return;
    this.#size.set(endpointId, Math.min(this.bounds.ceiling, this.size(endpointId) * 2));
  }

  /** A slow or failed answer: the endpoint's claim goes back to the base. */
  reset(endpointId: number): void {
    this.#size.delete(endpointId);
    this.#backlogged.delete(endpointId);
  }

  /** Whether an endpoint's last claim came back full: more is due than a claim takes. */
  backlogged(): boolean {
    return this.#backlogged.size > 0;
  }

  /** Endpoints whose claim differs from the base, with it. */
  grown(): ReadonlyMap<number, number> {
    return this.#size;
  }
}
