// The request pipeline's steps as data: each names what Express runs and what the fast lane runs in its place (or why it needs nothing).
import type { Express, RequestHandler } from 'express';

/**
 * What the fast lane runs for a step: the same handlers, its own form of them (built for each hot route: a form may
 * keep what it learns per route, as the contract step's compiled checks), or nothing (and why its requests never need it).
 */
export type LaneForm = { same: true } | { lane: () => RequestHandler[]; why: string } | { skip: string };

/** The lane runs the step's own handler instances. */
export const SAME: LaneForm = { same: true };

export interface PipelineStep {
  name: string;
  /** The paths Express mounts it on (absent: every path). The lane serves /v2 only: a step it runs must cover /v2. */
  mount?: string[];
  /** What Express runs (middleware or routers), in order. */
  handlers: RequestHandler[];
  lane: LaneForm;
}

/** Mounts the steps on the app in their order. */
export function mountSteps(app: Express, steps: readonly PipelineStep[]): void {
  for (const step of steps) {
    if (step.handlers.length === 0) continue;
    if (step.mount) app.use(step.mount, ...step.handlers);
    else app.use(...step.handlers);
  }
}

/** What the fast lane runs before one hot route: each step's lane form, in the same order (call it once per route). */
export function laneHandlers(steps: readonly PipelineStep[]): RequestHandler[] {
  return steps.flatMap((step) => {
    const { lane } = step;
    if ('skip' in lane) return [];
    if (step.mount && !step.mount.some((path) => path === '/v2' || path === '/'))
      throw new Error(`pipeline step ${step.name} is not mounted on /v2, where the fast lane would run it`);
    return 'same' in lane ? step.handlers : lane.lane();
  });
}
