// Every request body parser, in one place: the model files' and the JSON parser on the Express path, the fast lane's reader on the lane.
import type { RequestHandler } from 'express';
import { jsonBody } from '@textclass/contract-checks';
import { laneJsonBody } from './lane-json-body.js';
import { modelFileBodies } from './model-file-bodies.js';

export interface RequestBodies {
  /** The Express path's parsers: the model file endpoints' first (the JSON parser then skips a parsed body), then JSON. */
  express: RequestHandler[];
  /** The fast lane's reader: identity-coded JSON of a declared length, read as body-parser reads it. */
  lane: RequestHandler;
}

export function requestBodies(limitBytes: number): RequestBodies {
  return { express: [...modelFileBodies(), ...jsonBody(limitBytes)], lane: laneJsonBody() };
}
