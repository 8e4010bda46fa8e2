// When the dispatcher claims again: at once while an endpoint has a backlog, else no sooner than a gap after its previous claim, so rows that trickle in are claimed (and their attempts recorded) several at a time.

export class ClaimPace {
  /** When the previous claim was made (the clock's ms); none yet: -Infinity. */
  #last = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly gapMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /**
   * Ms to wait before the next claim: none while an endpoint's last claim came back full (`backlogged`: more is due
   * than one claim takes) or once `gapMs` has passed since the previous claim.
   */
  delay(backlogged: boolean): number {
    return backlogged ? 0 : Math.max(0, this.#last + this.gapMs - this.now());
  }

  /** A claim is being made now. */
  claimed(): void {
    this.#last = this.now();
  }
}
