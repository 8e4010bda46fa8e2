// Strict path ids: every id segment must match its contract parameter's pattern (and maximum), else 400 before any route or lookup.
import type { RequestHandler } from 'express';
import { HttpError } from '../errors/http-error.js';
import { LruMap } from '../shared/lru-map.js';
import { dereferencedContractPaths } from './contract-document.js';

interface ParameterSchema {
  type?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
}

interface ContractParameter {
  name: string;
  in: string;
  schema?: ParameterSchema;
  example?: unknown;
}

type ContractPaths = Record<string, { parameters?: ContractParameter[] } & Record<string, unknown>>;

interface IdRule {
  name: string;
  pattern: RegExp;
  maximum: number | undefined;
  expected: string;
}

interface IdTemplate {
  pattern: RegExp;
  rules: IdRule[];
}

function ruleOf(parameter: ContractParameter, template: string): IdRule {
  const schema = parameter.schema ?? {};
  if (schema.pattern === undefined)
    throw new Error(`the contract's path parameter ${parameter.name} of ${template} has no pattern`);
  const example =
    typeof parameter.example === 'string' || typeof parameter.example === 'number' ? parameter.example : '';
  const expected =
    schema.type === 'integer'
      ? `an integer from ${schema.minimum ?? 1} to ${schema.maximum ?? 'its maximum'}, in digits only`
      : `an id of the form ${JSON.stringify(String(example))}`;
  return { name: parameter.name, pattern: new RegExp(schema.pattern), maximum: schema.maximum, expected };
}

/** The path parameters of a template, from the path item and each operation (the first declaration of a name wins). */
function pathParameters(item: ContractPaths[string]): ContractParameter[] {
  const all = [
    ...(item.parameters ?? []),
    ...Object.values(item).flatMap((op) =>
      op !== null && typeof op === 'object' && 'parameters' in op
        ? ((op as { parameters?: ContractParameter[] }).parameters ?? [])
        : [],
    ),
  ];
  return all.filter((p, i) => p.in === 'path' && all.findIndex((q) => q.in === 'path' && q.name === p.name) === i);
}

export function compileIdTemplates(paths: ContractPaths): IdTemplate[] {
  const templates = Object.entries(paths).map(([template, item]) => {
    const byName = new Map(pathParameters(item).map((p) => [p.name, p]));
    const rules: IdRule[] = [];
    const source = template
      .split('/')
      .map((part) => {
        const name = /^\{([^}]+)\}$/.exec(part)?.[1];
        if (name === undefined) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        const parameter = byName.get(name);
        if (!parameter) throw new Error(`the contract's path ${template} does not declare {${name}}`);
        rules.push(ruleOf(parameter, template));
        return '([^/]+)';
      })
      .join('/');
    // Express routes case-insensitively and with or without a trailing slash; so does this match.
    return { pattern: new RegExp(`^${source}/?$`, 'i'), rules };
  });
  // Literal paths win over templated ones (/v2/models/import is no model id).
  return templates.sort((a, b) => a.rules.length - b.rules.length);
}

function decoded(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/** The first malformed id of `path` as a domain error, or undefined when every id is well-formed (or no template matches). */
export function checkPathIds(templates: readonly IdTemplate[], path: string): HttpError | undefined {
  for (const template of templates) {
    const match = template.pattern.exec(path);
    if (!match) continue;
    for (const [index, rule] of template.rules.entries()) {
      const value = decoded(match[index + 1] ?? '');
      const fits =
        value !== undefined &&
        rule.pattern.test(value) &&
        (rule.maximum === undefined || Number(value) <= rule.maximum);
      if (!fits) return new HttpError('INVALID_PARAMETER', `${rule.name}: malformed id; expected ${rule.expected}`);
    }
    return undefined;
  }
  return undefined;
}

/** The middleware over the bundled contract: mount it before any router that reads path parameters. */
export function strictPathIds(): RequestHandler {
  const templates = compileIdTemplates(dereferencedContractPaths() as ContractPaths);
  // The answer for a path never changes; well-formed paths seen lately skip the ~60 template RegExps.
  const wellFormed = new LruMap<string, true>(1024);
  return (req, _res, next) => {
    if (wellFormed.get(req.path) === undefined) {
      const error = checkPathIds(templates, req.path);
      if (error) throw error;
      wellFormed.set(req.path, true);
    }
    next();
  };
}
