// `textclass models audit <id>`: the training data health of a model version (probably wrong labels, conflicting duplicates, confused pairs).
import type { Command } from 'commander';
import { addApiOptions, apiClient, expectOk, printJson, type ApiFlags } from './api-client.js';

const positiveInteger = (raw: string, what: string): number => {
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`"${raw}" is not ${what}`);
  return n;
};

export function addAuditCommand(models: Command): void {
  addApiOptions(
    models
      .command('audit <model-id>')
      .description('training data health: probably wrong labels, duplicates with conflicting labels, confused pairs'),
  )
    .option('--version <n>', "the version whose labels and encoder to use (default the model's current version)")
    .option('--limit <n>', 'entries per list, 1 to 100 (default 20)')
    .option('--similarity <cosine>', 'cosine at or above which texts are near-duplicates (default 0.95)')
    .action(async (id: string, flags: ApiFlags & { version?: string; limit?: string; similarity?: string }) => {
      const modelId = positiveInteger(id, 'a model id');
      const client = await apiClient(flags);
      let version = flags.version === undefined ? null : positiveInteger(flags.version, 'a version');
      if (version === null) {
        const model = await expectOk(client.GET('/v2/models/{model_id}', { params: { path: { model_id: modelId } } }));
        if (model.version === null) throw new Error(`model ${modelId} has no version yet; train it first`);
        version = model.version;
      }
      printJson(
        await expectOk(
          client.GET('/v2/models/{model_id}/versions/{version}/audit', {
            params: {
              path: { model_id: modelId, version },
              query: {
                ...(flags.limit === undefined ? {} : { limit: Number(flags.limit) }),
                ...(flags.similarity === undefined ? {} : { similarity: Number(flags.similarity) }),
              },
            },
          }),
        ),
      );
    });
}
