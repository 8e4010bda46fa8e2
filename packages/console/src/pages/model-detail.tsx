// One model: labels, per-class precision/recall/F1, confusion matrix, reliability and cut-offs, versions and
// their actions, export, training-data health, and a try-it box.
import { useState } from 'preact/hooks';
import { ok, type Schemas } from '../lib/api.js';
import { useCan, useSession } from '../lib/session-context.js';
import { useLoad } from '../lib/use-load.js';
import { ActionButton, ErrorBox, Loading, Section, percent, when } from '../components/ui.js';
import { ConfusionMatrix } from '../components/confusion-matrix.js';
import { HeldOutTexts, type Cell } from '../components/held-out-texts.js';
import { ReliabilityChart } from '../components/reliability-chart.js';
import { TrainingProgress } from '../components/training-progress.js';
import { TryIt } from '../components/try-it.js';
import { Link } from '../components/link.js';
import { TrainingHealth } from '../components/training-health.js';

export function ModelDetail({ modelId }: { modelId: string }) {
  const { client } = useSession();
  const id = Number(modelId);
  const isAdmin = useCan('admin');
  const isMember = useCan('member');
  const path = { params: { path: { model_id: id } } };
  const model = useLoad(() => ok(client.GET('/v2/models/{model_id}', path)), [id]);
  const versions = useLoad(() => ok(client.GET('/v2/models/{model_id}/versions', path)), [id]);
  const [job, setJob] = useState<string | null>(null);
  const [cell, setCell] = useState<Cell | null>(null);
  const reload = () => {
    model.reload();
    versions.reload();
  };

  if (!Number.isInteger(id) || id < 1) return <ErrorBox error={new Error(`"${modelId}" is not a model id.`)} />;
  if (!model.data) return model.error ? <ErrorBox error={model.error} /> : <Loading what="the model" />;
  const m = model.data;
  const metrics = m.metrics;
  const matrix = metrics.confusion_matrix;
  const trainable = m.type === 'fine-tuned' || m.type === 'few-shot';
  return (
    <>
      <h1>{m.name}</h1>
      <p>
        <span class={`status ${m.status}`}>{m.status}</span> · {m.type}
        {m.multi_label ? ' (multi-label)' : ''} · version {m.version ?? '—'} · last trained {when(m.last_trained)} ·{' '}
        {m.training_examples} training examples
      </p>
      {m.description && <p>{m.description}</p>}
      <ErrorBox error={model.error} />
      <div class="toolbar">
        {isMember && <Link to={`/models/${id}/review`}>Review queue</Link>}
        {isAdmin && trainable && (
          <ActionButton
            label="Train now"
            testId="train"
            run={async () => {
              const started = await ok(client.POST('/v2/models/{model_id}/training-jobs', { ...path, body: {} }));
              setJob(started.id);
            }}
          />
        )}
        {isAdmin && <ActionButton label="Export" testId="export" run={() => exportModel(client, id, m.name)} />}
        {isAdmin && m.status !== 'archived' && (
          <ActionButton
            label="Archive"
            kind="danger"
            testId="archive"
            run={() => ok(client.POST('/v2/models/{model_id}/archive', path))}
            done={reload}
          />
        )}
        {isAdmin && m.status !== 'deployed' && (
          <ActionButton
            label={m.status === 'archived' ? 'Redeploy' : 'Deploy'}
            kind="primary"
            testId="deploy"
            run={() => ok(client.POST('/v2/models/{model_id}/deploy', { ...path, body: {} }))}
            done={reload}
          />
        )}
        {isAdmin && m.previous_version !== null && m.previous_version !== undefined && (
          <ActionButton
            label={`Roll back to version ${m.previous_version}`}
            testId="rollback"
            run={() => ok(client.POST('/v2/models/{model_id}/rollback', path))}
            done={reload}
          />
        )}
      </div>
      {job && <TrainingProgress modelId={id} jobId={job} onFinished={reload} />}

      {isMember && m.status === 'deployed' && <TryIt modelId={id} />}

      <Section title="Labels">
        <ul class="labels">
          {m.labels.map((label) => (
            <li key={label}>{label}</li>
          ))}
        </ul>
      </Section>

      <Section title="Quality per label">
        <p>
          Accuracy {percent(metrics.accuracy)} · macro F1 {percent(metrics.f1_macro)}
          {metrics.evaluated_on !== undefined ? ` · measured on ${metrics.evaluated_on} held-out examples` : ''}
        </p>
        {Object.keys(metrics.per_class).length === 0 ? (
          <p class="muted">Not measured yet: train the model with labelled examples.</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th scope="col">Label</th>
                <th scope="col">Precision</th>
                <th scope="col">Recall</th>
                <th scope="col">F1</th>
                <th scope="col">Support</th>
                <th scope="col">Cut-off</th>
                <th scope="col">Expected precision</th>
                <th scope="col">Coverage</th>
              </tr>
            </thead>
            <tbody>
              {Object.entries(metrics.per_class).map(([label, scores]) => {
                const cutoff = metrics.cutoffs ? new Map(Object.entries(metrics.cutoffs)).get(label) : undefined;
                return (
                  <tr key={label}>
                    <th scope="row">{label}</th>
                    <td>{percent(scores.precision)}</td>
                    <td>{percent(scores.recall)}</td>
                    <td>{percent(scores.f1)}</td>
                    <td>{scores.support ?? '—'}</td>
                    <td>{cutoff ? cutoff.threshold.toFixed(2) : '—'}</td>
                    <td>{cutoff ? percent(cutoff.expected_precision) : '—'}</td>
                    <td>{cutoff ? percent(cutoff.coverage) : '—'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </Section>

      {matrix && matrix.length > 0 && (
        <Section title="Confusion matrix">
          <ConfusionMatrix
            labels={m.labels}
            matrix={matrix}
            onCell={m.version === null ? undefined : (gold, predicted, count) => setCell({ gold, predicted, count })}
          />
          {cell && m.version !== null && (
            <HeldOutTexts
              key={`${cell.gold}\u0000${cell.predicted}`}
              modelId={id}
              version={m.version}
              cell={cell}
              onClose={() => setCell(null)}
            />
          )}
        </Section>
      )}

      {metrics.calibration && (
        <Section title="Reliability">
          <ReliabilityChart calibration={metrics.calibration} />
        </Section>
      )}

      <Section title="Versions">
        <ErrorBox error={versions.error} />
        {versions.data && <Versions versions={versions.data.data} modelId={id} canAct={isAdmin} onChange={reload} />}
      </Section>

      {isAdmin && trainable && m.version !== null && <TrainingHealth modelId={id} version={m.version} />}
    </>
  );
}

function Versions(props: {
  versions: Schemas['ModelVersion'][];
  modelId: number;
  canAct: boolean;
  onChange: () => void;
}) {
  const { client } = useSession();
  if (props.versions.length === 0) return <p class="muted">No versions yet: a version is made by each training.</p>;
  return (
    <table>
      <thead>
        <tr>
          <th scope="col">Version</th>
          <th scope="col">Trained</th>
          <th scope="col">Examples</th>
          <th scope="col">Accuracy</th>
          <th scope="col">Serving</th>
          {props.canAct && <th scope="col">Action</th>}
        </tr>
      </thead>
      <tbody>
        {props.versions.map((version) => (
          <tr key={version.version}>
            <td>{version.version}</td>
            <td>{when(version.trained_at)}</td>
            <td>{version.training_examples}</td>
            <td>{percent(version.metrics.accuracy)}</td>
            <td>{version.serving ? 'serving' : ''}</td>
            {props.canAct && (
              <td>
                {!version.serving && (
                  <ActionButton
                    label={`Deploy version ${version.version}`}
                    run={() =>
                      ok(
                        client.POST('/v2/models/{model_id}/deploy', {
                          params: { path: { model_id: props.modelId } },
                          body: { version: version.version },
                        }),
                      )
                    }
                    done={props.onChange}
                  />
                )}
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Downloads the model's export (JSON) through the client: the key goes in a header, never in a link. */
async function exportModel(client: ReturnType<typeof useSession>['client'], id: number, name: string): Promise<void> {
  const exported = await ok(client.GET('/v2/models/{model_id}/export', { params: { path: { model_id: id } } }));
  const url = URL.createObjectURL(new Blob([JSON.stringify(exported, null, 2)], { type: 'application/json' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = `${name.replace(/[^\w.-]+/g, '_')}.textclass-model.json`;
  anchor.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
