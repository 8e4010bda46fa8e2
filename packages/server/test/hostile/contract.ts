// The operations of the bundled contract, read at run time: each one's method, path template, parameters and body media types.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  schema?: Record<string, unknown>;
}
interface Operation {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: unknown }> };
}
interface Document {
  paths: Record<string, Record<string, Operation | Parameter[]>>;
  components: { schemas: { Error: { properties: { error_code: { enum: string[] } } } } };
}

export const CONTRACT = require('@textclass/openapi/openapi.dereferenced.json') as Document;

export interface ContractOperation {
  id: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  template: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** Media types the request body may take; empty when the operation takes no body. */
  bodyTypes: string[];
  /** The JSON body's schema, when the operation takes one. */
  jsonSchema: unknown;
}

const METHODS = ['get', 'post', 'patch', 'put', 'delete'] as const;

/** Every operation of the contract, in the contract's order. */
export function contractOperations(): ContractOperation[] {
  const operations: ContractOperation[] = [];
  for (const [template, item] of Object.entries(CONTRACT.paths)) {
    const shared = (item.parameters as Parameter[] | undefined) ?? [];
    for (const method of METHODS) {
      const op = item[method] as Operation | undefined;
      if (!op?.operationId) continue;
      const params = [...shared, ...(op.parameters ?? [])];
      const content = op.requestBody?.content ?? {};
      operations.push({
        id: op.operationId,
        method: method.toUpperCase() as ContractOperation['method'],
        template,
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
        bodyTypes: Object.keys(content),
        jsonSchema: content['application/json']?.schema,
      });
    }
  }
  return operations;
}

/** The contract's closed set of error codes. */
export const ERROR_CODES: ReadonlySet<string> = new Set(CONTRACT.components.schemas.Error.properties.error_code.enum);
