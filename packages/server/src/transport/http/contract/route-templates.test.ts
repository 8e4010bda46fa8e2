// Route templates for metric labels: contract paths, literal before templated, system paths, unmatched.
import { describe, expect, it } from 'vitest';
import { RouteTemplates, UNMATCHED_ROUTE } from './route-templates.js';

describe('RouteTemplates', () => {
  const routes = RouteTemplates.fromContract();

  it.each([
    ['/v2/models/12/inference', '/v2/models/{model_id}/inference'],
    ['/v2/models/inference', '/v2/models/inference'],
    ['/v2/models/12', '/v2/models/{model_id}'],
    ['/v2/models/', '/v2/models'],
    ['/v2/datasets/ds_4/records', '/v2/datasets/{dataset_id}/records'],
    ['/health', '/health'],
    ['/metrics', '/metrics'],
    ['/docs', '/docs'],
    ['/docs/assets/rapidoc-min.js', '/docs/assets/{file}'],
    ['/docs/openapi.json', '/docs/openapi.json'],
    ['/guides/', '/guides'],
    ['/guides/models.html', '/guides/{page}'],
    ['/v2/models/12/inference/extra', UNMATCHED_ROUTE],
    ['/wp-admin.php', UNMATCHED_ROUTE],
  ])('%s → %s', (path, template) => {
    expect(routes.match(path)).toBe(template);
  });

  it('answers a path the same when it is asked again (remembered) and for other paths in between', () => {
    const fresh = RouteTemplates.fromContract();
    for (let round = 0; round < 3; round++) {
      expect(fresh.match('/v2/models/7/inference')).toBe('/v2/models/{model_id}/inference');
      expect(fresh.match('/v2/models/inference')).toBe('/v2/models/inference');
      expect(fresh.match('/nope')).toBe(UNMATCHED_ROUTE);
    }
  });

  it('does not read regex characters in literal segments', () => {
    expect(new RouteTemplates(['/a.b']).match('/axb')).toBe(UNMATCHED_ROUTE);
  });
});
