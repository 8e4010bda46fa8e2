// Create and train a model: zero-shot (labels with descriptions), few-shot or fine-tuned (multi-label too), with
// examples from a CSV or JSON Lines file checked in the browser (preview, column mapping, errors by line) first.
import { useMemo, useState } from 'preact/hooks';
import { ok, type Schemas } from '../lib/api.js';
import { useCan, useSession } from '../lib/session-context.js';
import { mapExamples, parseExampleFile, type ParsedFile } from '../lib/example-file.js';
import { navigate } from '../lib/router.js';
import { ErrorBox } from '../components/ui.js';
import { TrainingProgress } from '../components/training-progress.js';

type Kind = 'zero-shot' | 'few-shot' | 'fine-tuned';
interface LabelDraft {
  name: string;
  description: string;
}

export function CreateModel() {
  const { client } = useSession();
  const isAdmin = useCan('admin');
  const [name, setName] = useState('');
  const [kind, setKind] = useState<Kind>('fine-tuned');
  const [multiLabel, setMultiLabel] = useState(false);
  const [threshold, setThreshold] = useState('');
  const [labels, setLabels] = useState<LabelDraft[]>([
    { name: '', description: '' },
    { name: '', description: '' },
  ]);
  const [file, setFile] = useState<{ name: string; parsed: ParsedFile } | null>(null);
  const [textColumn, setTextColumn] = useState('');
  const [labelColumn, setLabelColumn] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<{ model: Schemas['Model']; job: string | null } | null>(null);

  const labelNames = labels.map((label) => label.name.trim()).filter((label) => label !== '');
  const mapped = useMemo(
    () =>
      file && textColumn && labelColumn
        ? mapExamples(file.parsed, textColumn, labelColumn, labelNames, multiLabel)
        : null,
    [file, textColumn, labelColumn, labelNames.join('\n'), multiLabel],
  );

  if (!isAdmin) return <ErrorBox error={new Error('Creating a model needs an admin key.')} />;

  const readFile = async (picked: File | undefined) => {
    if (!picked) return;
    const parsed = parseExampleFile(picked.name, await picked.text());
    setFile({ name: picked.name, parsed });
    const guess = (want: RegExp) => parsed.columns.find((column) => want.test(column)) ?? '';
    setTextColumn(guess(/^(text|body|message|content)$/i) || (parsed.columns[0] ?? ''));
    setLabelColumn(guess(/^(label|labels|category|topic|class)$/i) || (parsed.columns[1] ?? ''));
    if (labelNames.length === 0) {
      const column = parsed.columns.find((c) => /^(label|labels|category|topic|class)$/i.test(c)) ?? parsed.columns[1];
      const found = new Set<string>();
      for (const row of parsed.rows)
        for (const label of (row.values.get(column ?? '') ?? '').split('|')) if (label.trim()) found.add(label.trim());
      if (found.size >= 2 && found.size <= 100)
        setLabels([...found].map((label) => ({ name: label, description: '' })));
    }
  };

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const needsExamples = kind !== 'zero-shot';
      if (needsExamples && mapped && mapped.errors.length > 0)
        throw new Error(`Fix the ${mapped.errors.length} lines listed below first: nothing was stored.`);
      const body: Schemas['CreateModelRequest'] = {
        name: name.trim(),
        type: kind,
        labels: labels
          .filter((label) => label.name.trim() !== '')
          .map((label) => ({
            name: label.name.trim(),
            ...(label.description.trim() ? { descriptions: [label.description.trim()] } : {}),
          })),
        ...(kind === 'fine-tuned' && multiLabel ? { multi_label: true } : {}),
        ...(threshold.trim() !== '' ? { confidence_threshold: Number(threshold) } : {}),
        ...(needsExamples && mapped ? { examples: mapped.examples } : {}),
      };
      const model = await ok(client.POST('/v2/models', { body }));
      let job = model.training_job?.id ?? null;
      if (kind === 'fine-tuned' && job === null && (mapped?.examples.length ?? 0) > 0) {
        const started = await ok(
          client.POST('/v2/models/{model_id}/training-jobs', {
            params: { path: { model_id: model.id } },
            body: { deploy: true },
          }),
        );
        job = started.id;
      }
      setCreated({ model, job });
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  if (created)
    return (
      <>
        <h1>{created.model.name} is created</h1>
        {created.job ? (
          <TrainingProgress
            modelId={created.model.id}
            jobId={created.job}
            onFinished={(job) => {
              if (job.status === 'succeeded') navigate(`/models/${created.model.id}`);
            }}
          />
        ) : (
          <p>
            <a href={`/console/models/${created.model.id}`}>Open the model</a>
          </p>
        )}
      </>
    );

  return (
    <>
      <h1>Create a model</h1>
      <form
        class="stack"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <label for="model-name">Name</label>
        <input id="model-name" required maxLength={200} value={name} onInput={(e) => setName(e.currentTarget.value)} />
        <fieldset>
          <legend>Type</legend>
          {(['zero-shot', 'few-shot', 'fine-tuned'] as const).map((option) => (
            <label key={option} class="inline">
              <input
                type="radio"
                name="kind"
                value={option}
                checked={kind === option}
                onChange={() => setKind(option)}
              />{' '}
              {option}
            </label>
          ))}
          {kind === 'fine-tuned' && (
            <label class="inline">
              <input type="checkbox" checked={multiLabel} onChange={(e) => setMultiLabel(e.currentTarget.checked)} />{' '}
              multi-label (a text may have several labels; separate them with | in the file)
            </label>
          )}
        </fieldset>
        <label for="model-threshold">
          Confidence threshold (0–1, optional): records classified below it go to the review queue
        </label>
        <input
          id="model-threshold"
          type="number"
          min={0}
          max={1}
          step={0.01}
          value={threshold}
          onInput={(e) => setThreshold(e.currentTarget.value)}
        />
        <fieldset>
          <legend>Labels</legend>
          {labels.map((label, at) => (
            <div class="row" key={at}>
              <label for={`label-${at}`}>Label {at + 1}</label>
              <input
                id={`label-${at}`}
                value={label.name}
                maxLength={100}
                onInput={(e) => setLabels(labels.map((l, i) => (i === at ? { ...l, name: e.currentTarget.value } : l)))}
              />
              {kind === 'zero-shot' && (
                <>
                  <label for={`description-${at}`}>Description</label>
                  <input
                    id={`description-${at}`}
                    value={label.description}
                    onInput={(e) =>
                      setLabels(labels.map((l, i) => (i === at ? { ...l, description: e.currentTarget.value } : l)))
                    }
                  />
                </>
              )}
            </div>
          ))}
          <button type="button" onClick={() => setLabels([...labels, { name: '', description: '' }])}>
            Add a label
          </button>
        </fieldset>
        {kind !== 'zero-shot' && (
          <fieldset>
            <legend>Examples</legend>
            <label for="example-file">CSV or JSON Lines file</label>
            <input
              id="example-file"
              type="file"
              accept=".csv,.jsonl,.json,text/csv,application/jsonl"
              onChange={(e) => void readFile(e.currentTarget.files?.[0])}
            />
            {file && (
              <FilePreview
                file={file.parsed}
                textColumn={textColumn}
                labelColumn={labelColumn}
                onText={setTextColumn}
                onLabel={setLabelColumn}
              />
            )}
            {mapped && (
              <div data-testid="file-check">
                <p role="status">
                  {mapped.examples.length} examples ready · {mapped.errors.length} lines with errors
                </p>
                {mapped.errors.length > 0 && (
                  <ul class="line-errors" aria-label="Errors by line">
                    {mapped.errors.slice(0, 100).map((lineError) => (
                      <li key={`${lineError.line}-${lineError.message}`}>
                        Line {lineError.line}: {lineError.message}
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            )}
          </fieldset>
        )}
        <button
          type="submit"
          class="primary"
          disabled={busy || name.trim() === '' || labelNames.length < 2}
          data-testid="create-model"
        >
          {busy ? 'Creating…' : kind === 'fine-tuned' ? 'Create and train' : 'Create'}
        </button>
      </form>
      <ErrorBox error={error} />
    </>
  );
}

function FilePreview(props: {
  file: ParsedFile;
  textColumn: string;
  labelColumn: string;
  onText: (column: string) => void;
  onLabel: (column: string) => void;
}) {
  const { file } = props;
  const choose = (id: string, label: string, value: string, set: (column: string) => void) => (
    <>
      <label for={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => set(e.currentTarget.value)}>
        {file.columns.map((column) => (
          <option key={column} value={column}>
            {column}
          </option>
        ))}
      </select>
    </>
  );
  return (
    <div class="preview">
      <div class="row">
        {choose('text-column', 'Text column', props.textColumn, props.onText)}
        {choose('label-column', 'Label column', props.labelColumn, props.onLabel)}
      </div>
      <table>
        <caption>
          First rows of {file.rows.length} ({file.errors.length} unreadable)
        </caption>
        <thead>
          <tr>
            <th scope="col">Line</th>
            {file.columns.map((column) => (
              <th scope="col" key={column}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {file.rows.slice(0, 5).map((row) => (
            <tr key={row.line}>
              <td>{row.line}</td>
              {file.columns.map((column) => (
                <td key={column}>{row.values.get(column) ?? ''}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
