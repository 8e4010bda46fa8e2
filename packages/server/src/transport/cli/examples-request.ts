// `models examples`: which source the flags name (a file, a dataset or one --text), every flag checked against it, as the request to send.
import { examplesFileBody, readExampleFile, type ColumnFlags } from './example-files.js';
import { fileFormat, inlineExample, type ExampleFlags } from './model-flags.js';

type Flags = ExampleFlags & ColumnFlags;

/** The flags that do not go with the source given, each with the reason. */
function refuseOthers(flags: Flags): void {
  const given = (name: keyof Flags) => flags[name] !== undefined;
  if (flags.text === undefined && (given('label') || given('labels')))
    throw new Error(
      '--label and --labels label one --text; the labels of a file or a dataset are in its label column (--label-column)',
    );
  if (flags.text !== undefined && (given('labelColumn') || given('textColumn')))
    throw new Error('--label-column and --text-column name the columns of a --file or --dataset, not of --text');
  if (flags.dataset !== undefined && given('textColumn'))
    throw new Error("--text-column names a file's column; a dataset's text is the text column it was created with");
  if (flags.dataset !== undefined && !given('labelColumn'))
    throw new Error("--dataset needs --label-column: the column or metadata key holding each row's label");
}

/** The body (and, for a file, its media type) of POST /v2/models/{id}/examples for these flags. */
export async function examplesRequest(flags: Flags) {
  const sources = [flags.file, flags.dataset, flags.text].filter((s) => s !== undefined).length;
  if (sources !== 1)
    throw new Error('give one of --file, --dataset with --label-column, or --text with --label / --labels');
  refuseOthers(flags);
  if (flags.text !== undefined) return { body: { examples: [inlineExample(flags)] } };
  if (flags.dataset !== undefined)
    return { body: { dataset_id: flags.dataset, label_column: flags.labelColumn as string } };
  const file = flags.file as string;
  // Read and checked here, so a bad line is named by the file's line and a missing column by the flag that names it.
  const examples = await readExampleFile(file, flags);
  return {
    body: examplesFileBody(examples, file) as never,
    bodySerializer: (body: unknown) => body as string,
    headers: { 'Content-Type': fileFormat(file) },
  };
}
