// An address on this machine where nothing listens (port 9, discard): webhook endpoints and connectors that tests create but that must never reach anyone.
export const NOWHERE = 'http://127.0.0.1:9';
