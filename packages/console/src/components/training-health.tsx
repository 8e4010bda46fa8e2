// Training-data health of a version: suspected mislabels, conflicts and confusions the audit found.
import { ok } from '../lib/api.js';
import { useSession } from '../lib/session-context.js';
import { useLoad } from '../lib/use-load.js';
import { ErrorBox, Loading, Section, percent } from './ui.js';

export function TrainingHealth({ modelId, version }: { modelId: number; version: number }) {
  const { client } = useSession();
  const audit = useLoad(
    () =>
      ok(
        client.GET('/v2/models/{model_id}/versions/{version}/audit', {
          params: { path: { model_id: modelId, version } },
        }),
      ),
    [modelId, version],
  );
  return (
    <Section title="Training-data health">
      <ErrorBox error={audit.error} />
      {audit.loading && !audit.data && <Loading what="the audit" />}
      {audit.data && (
        <>
          <p>
            {audit.data.examples} examples audited in {audit.data.folds} folds · out-of-fold accuracy{' '}
            {percent(audit.data.out_of_fold_accuracy)} · {audit.data.suspects.length} suspected mislabels ·{' '}
            {audit.data.conflicts.length} conflicts
          </p>
          {audit.data.suspects.length > 0 && (
            <table>
              <caption>Examples whose label the model doubts</caption>
              <thead>
                <tr>
                  <th scope="col">Text</th>
                  <th scope="col">Given label</th>
                  <th scope="col">Suggested label</th>
                </tr>
              </thead>
              <tbody>
                {audit.data.suspects.slice(0, 50).map((suspect, index) => (
                  <tr key={index}>
                    <td>{suspect.text}</td>
                    <td>{suspect.label}</td>
                    <td>{suspect.suggested_label}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </Section>
  );
}
