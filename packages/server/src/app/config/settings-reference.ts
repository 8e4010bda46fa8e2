// The configuration reference (docs/reference/settings.md), rendered from the settings table: one row per variable
// with its flag, default, whether it is a secret, and its meaning. `npm run generate` writes it; a test compares.
import { shownDefault, type Setting } from './setting.js';
import { CLIENT_SETTINGS } from './client-settings.js';
import { SERVER_SETTINGS } from './settings.js';

/** Where the reference lives, from the repository root. */
export const SETTINGS_REFERENCE_PATH = 'docs/reference/settings.md';

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const code = (text: string) => `\`${text}\``;

function table(settings: readonly Setting[]): string {
  const rows = settings.map((setting) =>
    [
      code(setting.env),
      setting.flag === undefined ? '(environment only)' : code(setting.flag),
      cell(shownDefault(setting)),
      setting.secret === undefined ? '' : setting.secret === 'url' ? 'credentials masked in logs' : 'masked in logs',
      cell(setting.description),
    ].join(' | '),
  );
  return ['| Variable | Flag | Default | Secret | Meaning |', '| --- | --- | --- | --- | --- |', ...rows]
    .map((row) => (row.startsWith('|') ? row : `| ${row} |`))
    .join('\n');
}

export function renderSettingsReference(): string {
  return `<!-- Generated from packages/server/src/app/config/settings.ts and client-settings.ts by \`npm run generate\`: edit the table there, not this file. -->

# Settings reference

Every setting is an environment variable; where it has a flag, the flag overrides the variable for that command. An
empty variable counts as unset. \`textclass --help\` and \`textclass serve --help\` print the same list.

## Server

What \`textclass serve\` reads, and the database commands (\`migrate\`, \`keys\`, \`workspaces\`, \`datasets\`) for
\`TEXTCLASS_DATA_DIR\`, \`DATABASE_URL\` and \`LOG_LEVEL\`.

${table(SERVER_SETTINGS)}

## Command line client

What the commands that talk to a running server (\`textclass models …\`) or to the encoder hub (\`encoders pull\`) read.

${table(CLIENT_SETTINGS)}
`;
}
