// The models commands' flag values that carry labels and examples: `--label name=desc|desc`, `--text` with `--label` or `--labels`.
/** "billing" or "billing=questions about invoices|a charge I do not recognise" → a label with descriptions. */
export function parseLabel(spec: string): { name: string; descriptions?: string[] } {
  const [name = '', descriptions] = spec.split(/=(.*)/s);
  if (name.trim() === '') throw new Error(`--label "${spec}": use name or name=description|description`);
  return descriptions
    ? {
        name: name.trim(),
        descriptions: descriptions
          .split('|')
          .map((d) => d.trim())
          .filter((d) => d !== ''),
      }
    : { name: name.trim() };
}

export interface ExampleFlags {
  file?: string;
  dataset?: string;
  labelColumn?: string;
  text?: string;
  label?: string;
  labels?: string;
}

/** `--text` with `--label x` or `--labels a,b` (multi-label models) as one inline example. */
export function inlineExample(
  flags: ExampleFlags,
): { text: string; label: string } | { text: string; labels: string[] } {
  const text = flags.text ?? '';
  if ((flags.label === undefined) === (flags.labels === undefined))
    throw new Error('--text needs either --label or --labels');
  if (flags.label !== undefined) return { text, label: flags.label };
  const labels = (flags.labels ?? '')
    .split(',')
    .map((l) => l.trim())
    .filter((l) => l !== '');
  if (labels.length === 0) throw new Error('--labels needs at least one label name');
  return { text, labels };
}

/** A model id argument: a positive integer. */
export const idArg = (raw: string): number => {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id < 1) throw new Error(`"${raw}" is not a model id`);
  return id;
};

/** The media type an examples or evaluation file is sent as, by its extension. */
export const fileFormat = (file: string): 'text/csv' | 'application/x-ndjson' =>
  /\.(jsonl|ndjson)$/i.test(file) ? 'application/x-ndjson' : 'text/csv';
