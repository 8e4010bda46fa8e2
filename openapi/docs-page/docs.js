// The /docs page: loads the docs copy of the contract into RapiDoc with this page's origin as its one server and in its
// code samples, and sends classic Redoc deep links to the same operation. Nothing is stored: an API key typed into the
// page lives in RapiDoc's memory, for this tab only.
import { rapidocTarget } from './redoc-links.js';

const SPEC_URL = '/docs/openapi.json';
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const origin = window.location.origin;
const thisServer = () => [{ url: origin, description: 'This server (the address of this page)' }];

/** Every server of the document (top level, path items, operations) becomes this page's origin. */
function pointAtThisServer(spec) {
  spec.servers = thisServer();
  for (const group of [spec.paths ?? {}, spec.webhooks ?? {}]) {
    for (const item of Object.values(group)) {
      if (item.servers) item.servers = thisServer();
      for (const method of METHODS) {
        const operation = item[method];
        if (!operation) continue;
        if (operation.servers) operation.servers = thisServer();
        for (const sample of operation['x-codeSamples'] ?? [])
          sample.source = sample.source.replaceAll('{base_url}', origin);
      }
    }
  }
  return spec;
}

/** Rewrites a Redoc-style hash to RapiDoc's id of the same place; true when it did. */
function followRedocLink(spec, replace) {
  const target = rapidocTarget(window.location.hash.replace(/^#/, ''), spec);
  if (target === undefined) return false;
  replace(`#${target}`);
  return true;
}

async function main() {
  const reference = document.getElementById('reference');
  const response = await fetch(SPEC_URL, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${SPEC_URL} answered ${response.status}`);
  const spec = pointAtThisServer(await response.json());
  // Before RapiDoc reads the hash: replace the entry quietly, so Back does not return to the Redoc form.
  followRedocLink(spec, (hash) => window.history.replaceState(null, '', hash));
  window.addEventListener('hashchange', () => followRedocLink(spec, (hash) => window.location.replace(hash)));
  await customElements.whenDefined('rapi-doc');
  await reference.loadSpec(spec);
}

main().catch((error) => {
  document.body.textContent = `The reference could not be loaded: ${error instanceof Error ? error.message : String(error)}`;
});
