// Classic Redoc deep links (#tag/Inference/operation/classifyTexts, #operation/…, #tag/…, #section/…) mapped to the
// element ids RapiDoc gives the same operation, tag or section of the page.

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
/** RapiDoc's ids: these characters of a path or name become '-' (rapidoc/src/utils/common-utils.js). */
const INVALID_ID_CHARACTERS = /[\s#:?&={}]/g;

/** RapiDoc's id of an operation: its method, '-', and its path (or webhook name) with the characters above replaced. */
export const operationElementId = (method, pathOrHook) => `${method}-${pathOrHook.replace(INVALID_ID_CHARACTERS, '-')}`;

/** The heading's slug as marked's Slugger makes it, which RapiDoc uses for the overview's sections. */
const headingSlug = (text) =>
  text
    .toLowerCase()
    .trim()
    .replace(/[\u2000-\u206F\u2E00-\u2E7F\\'!"#$%&()*+,./:;<=>?@[\]^`{|}~]/g, '')
    .replace(/\s/g, '-');

function operationTarget(spec, operationId) {
  for (const group of [spec.paths ?? {}, spec.webhooks ?? {}]) {
    for (const [name, item] of Object.entries(group)) {
      for (const method of METHODS) {
        if (item?.[method]?.operationId === operationId) return operationElementId(method, name);
      }
    }
  }
  return undefined;
}

/**
 * Where a Redoc link's hash (without '#') points in RapiDoc, or undefined when it is not one of Redoc's forms.
 * A Redoc form naming something the contract does not have goes to the overview.
 */
export function rapidocTarget(hash, spec) {
  let parts;
  try {
    parts = hash.split('/').map(decodeURIComponent);
  } catch {
    return undefined;
  }
  const [kind, name, child, childName] = parts;
  if (kind === 'operation' && name) return operationTarget(spec, name) ?? 'overview';
  if (kind === 'tag' && name) {
    if (child === 'operation' && childName) return operationTarget(spec, childName) ?? 'overview';
    const tag = (spec.tags ?? []).find((t) => t.name === name || t.name.replace(/\s/g, '-') === name);
    return tag ? `tag--${tag.name.replace(INVALID_ID_CHARACTERS, '-')}` : 'overview';
  }
  if (kind === 'section' && name) {
    if (name === 'Authentication' && child) return 'auth';
    return `overview--${headingSlug(name.replace(/-/g, ' '))}`;
  }
  return undefined;
}
