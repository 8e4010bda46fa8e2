// Maps a request path to its route template (/v2/models/{model_id}/inference) so metric labels stay few.
import { LruMap } from '../../../core/shared/lru-map.js';
import { contractPathTemplates } from '@textclass/contract-checks';

interface Template {
  template: string;
  pattern: RegExp;
  params: number;
}

/** Paths served outside the contract. */
const SYSTEM_PATHS = [
  '/metrics',
  '/docs',
  '/docs/openapi.json',
  '/docs/assets/{file}',
  '/guides',
  '/guides/{page}',
  '/openapi.json',
  '/openapi.yaml',
];
export const UNMATCHED_ROUTE = 'unmatched';

function compile(template: string): Template {
  const parts = template
    .split('/')
    .map((part) => (/^\{[^}]+\}$/.test(part) ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return { template, pattern: new RegExp(`^${parts.join('/')}/?$`), params: (template.match(/\{/g) ?? []).length };
}

export class RouteTemplates {
  private readonly templates: Template[];

  /** Literal paths win over templated ones (/v2/models/inference before /v2/models/{model_id}). */
  constructor(paths: string[]) {
    this.templates = paths.map(compile).sort((a, b) => a.params - b.params);
  }

  /** The contract's paths plus the system ones. */
  static fromContract(): RouteTemplates {
    return new RouteTemplates([...contractPathTemplates(), ...SYSTEM_PATHS]);
  }

  /** Recent paths and their templates (a path's template never changes): hot paths skip the RegExps. */
  private readonly recent = new LruMap<string, string>(1024);

  match(path: string): string {
    const known = this.recent.get(path);
    if (known !== undefined) return known;
    const template = this.templates.find((t) => t.pattern.test(path))?.template ?? UNMATCHED_ROUTE;
    this.recent.set(path, template);
    return template;
  }
}
