// Which page a console path shows, and the navigation each role sees.
import type { Role } from '../lib/api.js';
import { match } from '../lib/router.js';
import { ModelList } from './model-list.js';
import { ModelDetail } from './model-detail.js';
import { CreateModel } from './create-model.js';
import { ReviewQueue } from './review-queue.js';
import { DatasetList } from './dataset-list.js';
import { DatasetDetail } from './dataset-detail.js';
import { Webhooks } from './webhooks.js';
import { KeysAndUsage } from './keys-and-usage.js';

const EVERYONE: Role[] = ['reader', 'member', 'admin'];

export const NAVIGATION: Array<{ path: string; label: string; roles: Role[] }> = [
  { path: '/models', label: 'Models', roles: EVERYONE },
  { path: '/datasets', label: 'Datasets', roles: EVERYONE },
  { path: '/webhooks', label: 'Webhooks', roles: ['admin'] },
  { path: '/keys', label: 'Keys and usage', roles: EVERYONE },
];

export function Page({ path, query }: { path: string; query: URLSearchParams }) {
  if (path === '/' || path === '/models') return <ModelList />;
  if (path === '/models/new') return <CreateModel />;
  let params = match('/models/:id/review', path);
  if (params?.id) return <ReviewQueue modelId={params.id} datasetId={query.get('dataset')} />;
  params = match('/models/:id', path);
  if (params?.id) return <ModelDetail modelId={params.id} />;
  if (path === '/datasets') return <DatasetList />;
  params = match('/datasets/:id', path);
  if (params?.id) return <DatasetDetail datasetId={params.id} />;
  if (path === '/webhooks') return <Webhooks />;
  if (path === '/keys') return <KeysAndUsage />;
  return (
    <>
      <h1>Page not found</h1>
      <p>There is no console page at {path}.</p>
    </>
  );
}
