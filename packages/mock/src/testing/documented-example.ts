// Reads the example a bundled OpenAPI document gives for a request or response, following local $refs.

type Node = Record<string, unknown>;

function resolve(doc: Node, node: unknown): Node {
  let current = node;
  for (let hops = 0; hops < 20; hops++) {
    if (typeof current !== 'object' || current === null) throw new Error(`expected an object, got ${String(current)}`);
    const ref = (current as Node).$ref;
    if (typeof ref !== 'string') return current as Node;
    if (!ref.startsWith('#/')) throw new Error(`only local $refs are supported, got ${ref}`);
    current = ref
      .slice(2)
      .split('/')
      .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce<unknown>((at, key) => (at as Node | undefined)?.[key], doc);
  }
  throw new Error('$ref chain too long');
}

/** The first example of a JSON media object, as Prism's static mode picks it. */
function mediaExample(doc: Node, content: unknown, where: string): unknown {
  const media = resolve(doc, resolve(doc, content)['application/json']);
  if (media.example !== undefined) return media.example;
  const first = Object.values((media.examples as Node | undefined) ?? {})[0];
  if (first === undefined) throw new Error(`no example documented for ${where}`);
  return resolve(doc, first).value;
}

function operation(doc: Node, path: string, method: string): Node {
  const item = resolve(doc, (doc.paths as Node)[path]);
  return resolve(doc, item[method]);
}

/** The documented JSON example of `status` for `method path`. */
export function responseExample(doc: Node, path: string, method: string, status: string): unknown {
  const response = resolve(doc, (operation(doc, path, method).responses as Node)[status]);
  return mediaExample(doc, response.content, `${method} ${path} ${status}`);
}

/** The documented JSON example of the request body of `method path`. */
export function requestExample(doc: Node, path: string, method: string): unknown {
  const body = resolve(doc, operation(doc, path, method).requestBody);
  return mediaExample(doc, body.content, `${method} ${path} request`);
}
