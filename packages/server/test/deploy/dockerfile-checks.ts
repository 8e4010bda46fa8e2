// Structural checks of the repository's Dockerfile (parsed with dockerfile-ast): each returns the problems it finds.
import { DockerfileParser, type Instruction } from 'dockerfile-ast';
import { MALLOC_ARENA_MAX, MALLOC_MMAP_THRESHOLD } from '../../src/app/process/malloc-arenas.js';

/** Variables of the runtime under the server rather than settings of it. */
const PROCESS_VARIABLES = new Set(['NODE_ENV', 'MALLOC_ARENA_MAX', 'MALLOC_MMAP_THRESHOLD_']);

export interface Stage {
  name: string | undefined;
  image: string;
  instructions: Instruction[];
}

export interface DockerfileFacts {
  /** ARGs before the first FROM, with their defaults. */
  globalArgs: Map<string, string | undefined>;
  stages: Stage[];
}

export function parseDockerfile(text: string): DockerfileFacts {
  const dockerfile = DockerfileParser.parse(text);
  const globalArgs = new Map(
    dockerfile
      .getInitialARGs()
      .flatMap((arg) => arg.getProperties().map((p) => [p.getName(), p.getValue() ?? undefined])),
  );
  const stages: Stage[] = [];
  for (const instruction of dockerfile.getInstructions()) {
    if (instruction.getKeyword() === 'FROM') {
      const from = dockerfile.getFROMs().find((f) => f.getRange().start.line === instruction.getRange().start.line);
      stages.push({ name: from?.getBuildStage() ?? undefined, image: from?.getImageName() ?? '', instructions: [] });
    } else stages.at(-1)?.instructions.push(instruction);
  }
  return { globalArgs, stages };
}

const of = (stage: Stage, keyword: string) => stage.instructions.filter((i) => i.getKeyword() === keyword);

/** The JSON array after an instruction's keyword (ENTRYPOINT, CMD, VOLUME) or after HEALTHCHECK's CMD; undefined in shell form. */
export function execForm(instruction: Instruction): string[] | undefined {
  const content = instruction.getArgumentsContent() ?? '';
  const json = instruction.getKeyword() === 'HEALTHCHECK' ? content.replace(/^.*?\bCMD\s+/s, '') : content;
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : undefined;
  } catch {
    return undefined;
  }
}

/** ENV name=value pairs of a stage. */
export function stageEnv(stage: Stage): Map<string, string> {
  return new Map(
    of(stage, 'ENV').flatMap((env) =>
      (env as unknown as { getProperties(): Array<{ getName(): string; getValue(): string | null }> })
        .getProperties()
        .map((p) => [p.getName(), p.getValue() ?? ''] as [string, string]),
    ),
  );
}

export interface DockerfileExpectations {
  /** Environment variable names the server reads (its configuration). */
  settings: ReadonlySet<string>;
  /** GET paths of the contract. */
  getPaths: ReadonlySet<string>;
  /** The readiness probe the HEALTHCHECK must use (healthy = ready to serve). */
  readyPath: string;
}

/** Every rule the image promises: parameterised base, multi-stage, non-root, health check, data volume, signals, no dev dependencies. */
export function dockerfileProblems(facts: DockerfileFacts, expect: DockerfileExpectations): string[] {
  const problems: string[] = [];
  const { stages } = facts;
  const final = stages.at(-1);
  if (final === undefined || stages.length < 2) return ['not a multi-stage build'];
  if (!facts.globalArgs.get('BASE_IMAGE')) problems.push('no ARG BASE_IMAGE with a default before the first FROM');
  for (const stage of stages)
    if (stage.image !== '${BASE_IMAGE}') problems.push(`stage ${stage.name ?? '(final)'} is FROM ${stage.image}`);

  const users = of(final, 'USER').map((u) => u.getArgumentsContent()?.trim() ?? '');
  const user = users.at(-1);
  if (user === undefined || /^(root|0)(:|$)/.test(user)) problems.push(`the final stage runs as ${user ?? 'root'}`);

  const healthchecks = of(final, 'HEALTHCHECK');
  const probe = healthchecks.length === 1 ? execForm(healthchecks[0]!) : undefined;
  if (probe === undefined) problems.push('no HEALTHCHECK in exec form in the final stage');
  else if (!expect.getPaths.has(probe.at(-1) ?? ''))
    problems.push(`HEALTHCHECK probes ${probe.at(-1)}, not a GET path of the contract`);
  else if (probe.at(-1) !== expect.readyPath)
    problems.push(`HEALTHCHECK probes ${probe.at(-1)}, not the readiness probe ${expect.readyPath}`);

  const entrypoint = of(final, 'ENTRYPOINT').at(-1);
  const command = entrypoint === undefined ? undefined : execForm(entrypoint);
  if (command?.[0] !== 'node' && command?.[0] !== 'tini' && command?.[0] !== '/usr/bin/tini')
    problems.push('ENTRYPOINT is not node (or tini) in exec form: signals would not reach node');

  const env = stageEnv(final);
  if (env.get('HOST') !== '0.0.0.0') problems.push('HOST is not 0.0.0.0 in the final stage');
  const dataDir = env.get('TEXTCLASS_DATA_DIR');
  const volumes = of(final, 'VOLUME').flatMap((v) => execForm(v) ?? (v.getArgumentsContent() ?? '').split(/\s+/));
  if (dataDir === undefined || !volumes.includes(dataDir)) problems.push('TEXTCLASS_DATA_DIR is not a VOLUME');
  if (env.get('MALLOC_ARENA_MAX') !== MALLOC_ARENA_MAX)
    problems.push(`MALLOC_ARENA_MAX is not ${MALLOC_ARENA_MAX} in the final stage: resident memory grows under load`);
  if (env.get('MALLOC_MMAP_THRESHOLD_') !== MALLOC_MMAP_THRESHOLD)
    problems.push(
      `MALLOC_MMAP_THRESHOLD_ is not ${MALLOC_MMAP_THRESHOLD} in the final stage: memory freed after a large request stays resident`,
    );
  for (const name of env.keys())
    if (!PROCESS_VARIABLES.has(name) && !expect.settings.has(name))
      problems.push(`ENV ${name} is no setting of the server`);
  const exposed = of(final, 'EXPOSE').map((e) => e.getArgumentsContent()?.trim());
  if (!exposed.includes(env.get('PORT'))) problems.push(`EXPOSE does not match PORT ${env.get('PORT')}`);

  problems.push(...dependencyProblems(stages, final));
  return problems;
}

/** node_modules reach the final stage only from a stage that installed with --omit=dev; nothing installs there. */
function dependencyProblems(stages: Stage[], final: Stage): string[] {
  const problems: string[] = [];
  const installs = (stage: Stage) =>
    of(stage, 'RUN')
      .map((r) => r.getArgumentsContent() ?? '')
      .filter((run) => /\bnpm (ci|install|i)\b/.test(run));
  const productionStages = new Set(
    stages
      .filter(
        (s) => s !== final && s.name && installs(s).length > 0 && installs(s).every((r) => r.includes('--omit=dev')),
      )
      .map((s) => s.name),
  );
  if (productionStages.size === 0) problems.push('no stage installs production dependencies with --omit=dev');
  for (const run of installs(final))
    if (!run.includes('--omit=dev')) problems.push(`the final stage installs dev dependencies: ${run}`);
  for (const copy of of(final, 'COPY')) {
    const from = (copy as unknown as { getFromFlag(): { getValue(): string } | null }).getFromFlag()?.getValue();
    const sources = (copy.getArguments() ?? []).slice(0, -1).map((a) => a.getValue());
    if (from === undefined || productionStages.has(from)) continue;
    for (const source of sources)
      if (source.includes('node_modules') || /^\/[^/]+\/?$/.test(source))
        problems.push(`COPY --from=${from} ${source} may bring dev dependencies into the final stage`);
  }
  const encoders = of(final, 'COPY').some((c) => (c.getArgumentsContent() ?? '').includes('packages/server/assets'));
  if (!encoders) problems.push('the built encoders (packages/server/assets) are not copied into the final stage');
  return problems;
}

/** The workspace as the image needs it: every package's manifest, and the packages the server imports that a build makes. */
export interface WorkspaceExpectations {
  /** Every workspace folder (openapi, packages/…): `npm ci` checks all their manifests against the lockfile. */
  dirs: readonly string[];
  /** Workspace folders of the server's dependencies that ship a built dist/ (the client, the contract checks). */
  builtDependencies: readonly string[];
}

const copySources = (instructions: Instruction[]) =>
  instructions
    .filter((i) => i.getKeyword() === 'COPY')
    .flatMap((copy) => (copy.getArguments() ?? []).slice(0, -1).map((a) => a.getValue()));

/** Each `npm ci` sees every workspace manifest; the final stage carries the dist/ of each built package the server imports. */
export function workspaceProblems(facts: DockerfileFacts, workspace: WorkspaceExpectations): string[] {
  const problems: string[] = [];
  for (const stage of facts.stages) {
    const install = stage.instructions.findIndex(
      (i) => i.getKeyword() === 'RUN' && /\bnpm ci\b/.test(i.getArgumentsContent() ?? ''),
    );
    if (install < 0) continue;
    const copied = copySources(stage.instructions.slice(0, install));
    for (const dir of workspace.dirs)
      if (!copied.includes(`${dir}/package.json`))
        problems.push(`stage ${stage.name ?? '(final)'} runs npm ci without ${dir}/package.json`);
  }
  const shipped = copySources(facts.stages.at(-1)?.instructions ?? []).map((source) => source.replace(/^\/src\//, ''));
  for (const dir of workspace.builtDependencies)
    if (!shipped.includes(`${dir}/dist`)) problems.push(`the final stage lacks ${dir}/dist, which the server imports`);
  return problems;
}
