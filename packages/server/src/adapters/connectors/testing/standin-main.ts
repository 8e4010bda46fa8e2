// `npm run connectors:standin -- <zendesk|freshdesk|servicenow|hubspot> [--port N] [--tickets N]`: a vendor stand-in with seeded tickets.
import { parseArgs } from 'node:util';
import { startFreshdeskStandin } from './freshdesk-standin.js';
import { startHubSpotStandin } from './hubspot-standin.js';
import { startServiceNowStandin } from './servicenow-standin.js';
import { startZendeskStandin } from './zendesk-standin.js';

interface Started {
  baseUrl: string;
  credentials: Record<string, string>;
  stop(): Promise<void>;
}

const starters: Record<string, (seed: number, port: number) => Promise<Started>> = {
  zendesk: (seed, port) => startZendeskStandin({ seed, port }),
  freshdesk: (seed, port) => startFreshdeskStandin({ seed, port }),
  servicenow: (seed, port) => startServiceNowStandin({ seed, port }),
  hubspot: (seed, port) => startHubSpotStandin({ seed, port }),
};

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { port: { type: 'string', default: '0' }, tickets: { type: 'string', default: '200' } },
});
const type = positionals[0] ?? '';
const start = Object.hasOwn(starters, type) ? starters[type] : undefined;
if (start === undefined) {
  console.error(`usage: npm run connectors:standin -- <${Object.keys(starters).join('|')}> [--port N] [--tickets N]`);
  process.exit(2);
}
const started = await start(Number(values.tickets), Number(values.port));
console.log(
  JSON.stringify(
    {
      type,
      base_url: started.baseUrl,
      credentials: started.credentials,
      note: 'a local stand-in on 127.0.0.1: allow private addresses for connectors to reach it; Ctrl-C stops it',
    },
    null,
    2,
  ),
);
const stop = () => void started.stop().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
