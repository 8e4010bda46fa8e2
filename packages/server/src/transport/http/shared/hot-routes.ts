// The hot POST routes as plain data (path + handlers), so Express and the fast lane run the very same handler instances.
import { Router, type RequestHandler } from 'express';

/** One POST route: its Express path (`:name` parameters) and its handlers, permission check first. */
export interface HotRoute {
  path: string;
  handlers: RequestHandler[];
}

/** The routes as an Express router (what the app mounts; the fast lane takes the same handlers). */
export function routerOf(routes: readonly HotRoute[]): Router {
  const router = Router();
  for (const route of routes) router.post(route.path, ...route.handlers);
  return router;
}
