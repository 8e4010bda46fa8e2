// `textclass connectors create|list|show|update|delete|sync|runs`: a running server's connectors, over its API (admin key).
import { readFile } from 'node:fs/promises';
import { Option, type Command } from 'commander';
import { addApiOptions, apiClient, expectOk, printJson, printRows, type ApiFlags } from './api-client.js';

const collect = (value: string, previous: string[]) => [...previous, value];

interface ConnectorFlags extends ApiFlags {
  type?: 'zendesk' | 'freshdesk' | 'servicenow' | 'hubspot';
  name?: string;
  baseUrl?: string;
  credential: string[];
  credentialsFile?: string;
  dataset?: string;
  map: string[];
  meta: string[];
  interval?: string;
  writeBack?: 'tags' | 'field' | 'note' | 'off';
  writeBackModel: string[];
  writeBackField?: string;
  enabled?: boolean;
}

interface PageFlags extends ApiFlags {
  limit: string;
  offset: string;
}

/** "name=value" pairs of a repeatable flag as an object (the first "=" splits). */
function pairs(flag: string, specs: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    specs.map((spec) => {
      const at = spec.indexOf('=');
      if (at <= 0 || at === spec.length - 1) throw new Error(`${flag} "${spec}": use name=value`);
      return [spec.slice(0, at), spec.slice(at + 1)];
    }),
  );
}

const positive = (flag: string, raw: string): number => {
  if (!/^[1-9]\d{0,9}$/.test(raw)) throw new Error(`${flag} must be a positive integer, got "${raw}"`);
  return Number(raw);
};

/** Credentials from --credentials-file (a JSON object) and --credential name=value; never echoed. */
async function credentialsOf(flags: ConnectorFlags): Promise<Record<string, string> | undefined> {
  const fromFile = flags.credentialsFile
    ? (JSON.parse(await readFile(flags.credentialsFile, 'utf8')) as Record<string, string>)
    : {};
  const merged = { ...fromFile, ...pairs('--credential', flags.credential) };
  return Object.keys(merged).length === 0 ? undefined : merged;
}

function fieldMappingOf(flags: ConnectorFlags) {
  return flags.map.length === 0 && flags.meta.length === 0
    ? undefined
    : { columns: pairs('--map', flags.map), metadata: pairs('--meta', flags.meta) };
}

function writeBackOf(flags: ConnectorFlags) {
  if (flags.writeBack === undefined && flags.writeBackModel.length === 0 && flags.writeBackField === undefined)
    return undefined;
  return {
    ...(flags.writeBack === undefined ? {} : { enabled: flags.writeBack !== 'off' }),
    ...(flags.writeBack === undefined || flags.writeBack === 'off' ? {} : { mode: flags.writeBack }),
    ...(flags.writeBackModel.length === 0
      ? {}
      : { model_ids: flags.writeBackModel.map((m) => positive('--write-back-model', m)) }),
    ...(flags.writeBackField === undefined ? {} : { field: flags.writeBackField }),
  };
}

function settingOptions(command: Command): Command {
  return command
    .option('--name <name>', 'a name to recognise the connector by')
    .option('--base-url <url>', "the account's base URL, e.g. https://acme.zendesk.com")
    .option('--credential <name=value>', 'a credential field, e.g. api_token=… (repeatable)', collect, [])
    .option('--credentials-file <file>', 'a JSON object of credential fields (keeps them out of the shell history)')
    .option('--map <column=field>', 'a dataset column filled from a remote field (repeatable)', collect, [])
    .option('--meta <key=field>', 'a metadata key filled from a remote field (repeatable)', collect, [])
    .option('--interval <seconds>', 'seconds between scheduled syncs')
    .addOption(
      new Option('--write-back <mode>', 'write labels back as tags, a field or a note (off: not at all)').choices([
        'tags',
        'field',
        'note',
        'off',
      ]),
    )
    .option('--write-back-model <id>', 'a model whose labels are written back (repeatable)', collect, [])
    .option('--write-back-field <name>', 'the custom field or property written with --write-back field');
}

function pageOptions(command: Command): Command {
  return command.option('--limit <n>', 'items to list, 1 to 100', '20').option('--offset <n>', 'items to skip', '0');
}

export function registerConnectorCommands(program: Command): void {
  const connectors = program
    .command('connectors')
    .description('pull tickets from Zendesk, Freshdesk, ServiceNow or HubSpot and write labels back (admin key)');

  addApiOptions(
    settingOptions(
      connectors
        .command('create')
        .description('create a connector; its first sync starts at once')
        .addOption(
          new Option('--type <system>', 'the remote system')
            .choices(['zendesk', 'freshdesk', 'servicenow', 'hubspot'])
            .makeOptionMandatory(),
        )
        .requiredOption('--dataset <id>', 'the integer id of the dataset the tickets go to'),
    ).option('--disabled', 'create it without scheduled syncs'),
  ).action(async (flags: ConnectorFlags & { disabled?: boolean }) => {
    const credentials = await credentialsOf(flags);
    const fieldMapping = fieldMappingOf(flags);
    if (!credentials) throw new Error('credentials are needed: --credential name=value or --credentials-file');
    if (!fieldMapping) throw new Error('a field mapping is needed: --map <column=field> for the text column at least');
    const client = await apiClient(flags);
    const writeBack = writeBackOf(flags);
    printJson(
      await expectOk(
        client.POST('/v2/connectors', {
          body: {
            type: flags.type as NonNullable<ConnectorFlags['type']>,
            name: flags.name ?? `${flags.type} connector`,
            base_url: flags.baseUrl ?? '',
            credentials,
            dataset_id: positive('--dataset', flags.dataset ?? ''),
            field_mapping: fieldMapping,
            interval_seconds: positive('--interval', flags.interval ?? '300'),
            ...(writeBack === undefined ? {} : { write_back: writeBack }),
            ...(flags.disabled ? { enabled: false } : {}),
          },
        }),
      ),
    );
  });

  addApiOptions(pageOptions(connectors.command('list').description('list the connectors of the workspace'))).action(
    async (flags: PageFlags) => {
      const client = await apiClient(flags);
      const page = await expectOk(
        client.GET('/v2/connectors', {
          params: { query: { limit: Number(flags.limit), offset: Number(flags.offset) } },
        }),
      );
      printRows(page.data, (c) => ({
        id: c.id,
        type: c.type,
        name: c.name,
        dataset_id: c.dataset_id,
        status: c.status,
        interval_seconds: c.interval_seconds,
        last_run_at: c.last_run_at,
      }));
    },
  );

  addApiOptions(connectors.command('show <connector-id>').description('show one connector')).action(
    async (id: string, flags: ApiFlags) => {
      const client = await apiClient(flags);
      printJson(
        await expectOk(
          client.GET('/v2/connectors/{connector_id}', {
            params: { path: { connector_id: positive('connector-id', id) } },
          }),
        ),
      );
    },
  );

  addApiOptions(
    settingOptions(
      connectors.command('update <connector-id>').description('change a connector; what is not given stays'),
    )
      .option('--enable', 'run it on its schedule again')
      .option('--disable', 'stop its scheduled syncs'),
  ).action(async (id: string, flags: ConnectorFlags & { enable?: boolean; disable?: boolean }) => {
    if (flags.enable && flags.disable) throw new Error('--enable and --disable exclude each other');
    const client = await apiClient(flags);
    const credentials = await credentialsOf(flags);
    const fieldMapping = fieldMappingOf(flags);
    const writeBack = writeBackOf(flags);
    const body = {
      ...(flags.name === undefined ? {} : { name: flags.name }),
      ...(flags.baseUrl === undefined ? {} : { base_url: flags.baseUrl }),
      ...(credentials === undefined ? {} : { credentials }),
      ...(fieldMapping === undefined ? {} : { field_mapping: fieldMapping }),
      ...(flags.interval === undefined ? {} : { interval_seconds: positive('--interval', flags.interval) }),
      ...(writeBack === undefined ? {} : { write_back: writeBack }),
      ...(flags.enable ? { enabled: true } : flags.disable ? { enabled: false } : {}),
    };
    if (Object.keys(body).length === 0) throw new Error('nothing to change: give at least one setting');
    printJson(
      await expectOk(
        client.PATCH('/v2/connectors/{connector_id}', {
          params: { path: { connector_id: positive('connector-id', id) } },
          body,
        }),
      ),
    );
  });

  addApiOptions(connectors.command('delete <connector-id>').description('delete a connector (its records stay)'), {
    prints: false,
  }).action(async (id: string, flags: ApiFlags) => {
    const client = await apiClient(flags);
    await expectOk(
      client.DELETE('/v2/connectors/{connector_id}', {
        params: { path: { connector_id: positive('connector-id', id) } },
      }),
    );
    process.stderr.write(`connector ${id} deleted\n`);
  });

  addApiOptions(
    connectors.command('sync <connector-id>').description('sync now (follow it with `connectors runs`)'),
  ).action(async (id: string, flags: ApiFlags) => {
    const client = await apiClient(flags);
    printJson(
      await expectOk(
        client.POST('/v2/connectors/{connector_id}/sync', {
          params: { path: { connector_id: positive('connector-id', id) } },
        }),
      ),
    );
  });

  addApiOptions(
    pageOptions(connectors.command('runs <connector-id>').description("a connector's sync runs, newest first")),
  ).action(async (id: string, flags: PageFlags) => {
    const client = await apiClient(flags);
    const page = await expectOk(
      client.GET('/v2/connectors/{connector_id}/runs', {
        params: {
          path: { connector_id: positive('connector-id', id) },
          query: { limit: Number(flags.limit), offset: Number(flags.offset) },
        },
      }),
    );
    printRows(page.data, (r) => ({
      id: r.id,
      status: r.status,
      started_at: r.started_at,
      finished_at: r.finished_at,
      fetched: r.fetched,
      stored: r.stored,
      written_back: r.written_back,
      skipped: r.skipped,
      error:
        r.error === null
          ? null
          : `${r.error.kind}${r.error.status === null ? '' : ` ${r.error.status}`}: ${r.error.message}`,
    }));
  });
}
