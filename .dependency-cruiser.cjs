// Import boundaries of the monorepo, checked by dependency-cruiser (`npm run lint:boundaries`).
//
// - The server's tiers: core/ is the domain and reaches nothing but core/ and pure libraries;
//   transport/ reaches adapters only through app/ composition (observability/ aside), and the HTTP transport
//   never imports app/; adapters/ never reach transport/ or app/, nor one another (observability/ and threads/ aside;
//   language-id/ reads the static encoder's words from inference/static/).
// - Packages: nothing reaches into another package's files except through that package's public
//   entry points (`exports`, or `main`/`types` where a package has no `exports`); @textclass/contract-checks and
//   @textclass/mock never import the server at all.
// - No circular imports anywhere, type-only imports included.
//
// Unit tests (*.test.ts) and packages/*/test/** may import their own package freely, not other packages' internals.
// The rules are checked on fixture trees shaped like this repository: test/boundaries/ (`npm run test:boundaries`).
'use strict';

const fs = require('node:fs');
const path = require('node:path');

/** Escapes a string for use inside a regular expression. */
const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// The workspace packages, read from the root package.json, so that a new package is covered at once.
// DEPCRUISE_ROOT lets the boundary test point the same rules at a fixture tree shaped like this one.
const root = process.env.DEPCRUISE_ROOT ? path.resolve(process.env.DEPCRUISE_ROOT) : __dirname;

function workspaceDirs() {
  const { workspaces = [] } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const dirs = [];
  for (const pattern of workspaces) {
    if (pattern.endsWith('/*')) {
      const parent = pattern.slice(0, -2);
      const abs = path.join(root, parent);
      if (!fs.existsSync(abs)) continue;
      for (const entry of fs.readdirSync(abs, { withFileTypes: true })) {
        if (entry.isDirectory()) dirs.push(`${parent}/${entry.name}`);
      }
    } else if (fs.existsSync(path.join(root, pattern))) {
      dirs.push(pattern);
    }
  }
  return dirs.sort();
}

function readPackage(dir) {
  const file = path.join(root, dir, 'package.json');
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined;
}

/** Every file a package offers to others: the leaves of `exports` (with `*` patterns), else `main`/`types`/`module`. */
function publicEntries(dir) {
  const pkg = readPackage(dir);
  if (!pkg) return []; // a folder that is not a package (yet): nothing in it is public
  const targets = [];
  const collect = (value) => {
    if (typeof value === 'string') targets.push(value);
    else if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  if (pkg.exports !== undefined) collect(pkg.exports);
  else [pkg.main, pkg.types, pkg.typings, pkg.module].forEach(collect);
  if (pkg.exports === undefined && targets.length === 0) targets.push('./index.js');
  return targets.map((target) => {
    const rel = target.replace(/^\.\//, '');
    // A compiled entry (dist/x.js) also stands for its declaration file (dist/x.d.ts), which type-only imports resolve to.
    const pattern = esc(`${dir}/${rel}`)
      .replace(/\\\*/g, '.+')
      .replace(/\\\.js$/, '\\.(js|d\\.ts)');
    return `^${pattern}$`;
  });
}

/**
 * The subpaths a package exports, as module names (`@textclass/openapi/types`), for imports that do not resolve
 * (an entry that points into a dist/ not built yet): those are fine, any other unresolved deep import is not.
 */
function exportedSubpaths(dir) {
  const pkg = readPackage(dir);
  if (!pkg?.name || pkg.exports === undefined || typeof pkg.exports === 'string') return [];
  return Object.keys(pkg.exports)
    .filter((key) => key.startsWith('./') && key !== '.')
    .map((key) => `^${esc(`${pkg.name}/${key.slice(2)}`).replace(/\\\*/g, '.+')}$`);
}

const packages = workspaceDirs();

const TEST = ['\\.test\\.ts$', '^packages/[^/]+/test/'];
const SERVER = '^packages/server/src/';
const CORE = '^packages/server/src/core/';

// Packages that do I/O (or bring a framework with them) and so never belong in core/.
// Anything npm that core/ may use is named in CORE_NPM_ALLOWED instead.
const CORE_NPM_ALLOWED = ['^standardwebhooks$', '(^|/)node_modules/standardwebhooks/'];
// Node built-ins that do I/O, spawn, or reach the process; node:crypto, node:util and the like stay allowed.
const NODE_IO = [
  'fs',
  'fs/promises',
  'net',
  'http',
  'https',
  'http2',
  'tls',
  'dgram',
  'dns',
  'dns/promises',
  'child_process',
  'cluster',
  'worker_threads',
  'readline',
  'readline/promises',
  'repl',
  'inspector',
  'os',
  'process',
  'v8',
  'vm',
  'module',
  'stream',
  'stream/promises',
  'stream/web',
  'zlib',
  'sqlite',
  'perf_hooks',
  'async_hooks',
  'diagnostics_channel',
  'timers/promises',
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    // 1. core/ is the domain: nothing from the rest of the server, nothing that does I/O.
    {
      name: 'core-outside-core',
      comment:
        'core/ imports only core/ (its ports are in core/ports/); adapters, transport, app and testing plug in from outside.',
      severity: 'error',
      from: { path: CORE, pathNot: TEST },
      to: { path: SERVER, pathNot: CORE },
    },
    {
      name: 'core-io-package',
      comment:
        'core/ stays free of I/O and frameworks (express, kysely, pg, pglite, onnxruntime, ioredis, pino, prom-client, ...). ' +
        'A pure library it may use is allowed by name in CORE_NPM_ALLOWED in .dependency-cruiser.cjs.',
      severity: 'error',
      from: { path: CORE, pathNot: TEST },
      to: {
        dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown', 'npm-bundled'],
        pathNot: CORE_NPM_ALLOWED,
      },
    },
    {
      name: 'core-io-builtin',
      comment:
        'core/ stays free of I/O: no file system, network, processes or threads (node:crypto and other pure built-ins are fine). ' +
        'Type-only imports (a port that hands over a Readable) are allowed: they do no I/O.',
      severity: 'error',
      from: { path: CORE, pathNot: TEST },
      to: {
        dependencyTypes: ['core'],
        dependencyTypesNot: ['type-only'],
        path: `^(node:)?(${NODE_IO.map(esc).join('|')})$`,
      },
    },
    {
      name: 'core-other-package',
      comment:
        'core/ does not reach other workspace packages (the HTTP client, say); transport/ maps between them and core. ' +
        'The contract (@textclass/openapi, types and bundles, no I/O) is allowed.',
      severity: 'error',
      from: { path: CORE, pathNot: TEST },
      to: {
        path: `^(${packages
          .filter((d) => d !== 'packages/server' && d !== 'openapi')
          .map(esc)
          .join('|')})/`,
      },
    },
    {
      name: 'core-other-package',
      comment: 'The same, for a package whose entry point is not built yet (dist/): the import does not resolve.',
      severity: 'error',
      from: { path: CORE, pathNot: TEST },
      to: { couldNotResolve: true, path: '^@textclass/', pathNot: '^@textclass/(openapi|server)(/|$)' },
    },

    // 2. transport/ talks to the domain; it reaches adapters only through app/ composition.
    {
      name: 'transport-storage-inference',
      comment: 'transport/ reaches storage and inference through core/ ports (wired in app/), never directly.',
      severity: 'error',
      from: { path: '^packages/server/src/transport/', pathNot: TEST },
      to: { path: '^packages/server/src/adapters/(storage|inference)/' },
    },
    {
      name: 'transport-adapter',
      comment:
        'transport/ reaches adapters only through app/ composition; the one exception is observability/ (the logger and ' +
        'the Prometheus registry), which every tier outside core/ may use.',
      severity: 'error',
      from: { path: '^packages/server/src/transport/', pathNot: TEST },
      to: { path: '^packages/server/src/adapters/', pathNot: '^packages/server/src/adapters/observability/' },
    },
    {
      name: 'transport-http-app',
      comment:
        'The HTTP transport is handed its services (transport/http/shared/services.ts) and never imports the composition root; ' +
        'the CLI may, because each of its commands composes what it runs (app/compose/, app/config/, app/cluster/); app/ never imports transport/cli back (no-folder-cycle).',
      severity: 'error',
      from: { path: '^packages/server/src/transport/http/', pathNot: TEST },
      to: { path: '^packages/server/src/app/' },
    },

    // 3. adapters/ implement core/ ports; they are wired by app/ and never know transport/ or app/.
    {
      name: 'adapter-transport-app',
      comment: 'adapters/ never import transport/ or app/ (or main.ts): app/ wires adapters, not the other way round.',
      severity: 'error',
      from: { path: '^packages/server/src/adapters/', pathNot: TEST },
      to: { path: '^packages/server/src/(transport/|app/|main\\.ts$)' },
    },
    {
      name: 'adapter-other-adapter',
      comment:
        'Adapters are independent of one another; the shared ones are observability/ (logging, metrics) and threads/ ' +
        '(starting worker threads).',
      severity: 'error',
      from: {
        path: '^packages/server/src/adapters/([^/]+)/',
        pathNot: [...TEST, '^packages/server/src/adapters/(language-id|connectors)/'],
      },
      to: {
        path: '^packages/server/src/adapters/',
        pathNot: ['^packages/server/src/adapters/$1/', '^packages/server/src/adapters/(observability|threads)/'],
      },
    },
    {
      name: 'connectors-address-guard',
      comment:
        'Connector base URLs pass the same address guard as webhook URLs: adapters/connectors/ may import the guard ' +
        '(webhook-sender/address-guard.ts and the guarded lookup in http-sender.ts), nothing else of webhook-sender/.',
      severity: 'error',
      from: { path: '^packages/server/src/adapters/connectors/', pathNot: TEST },
      to: {
        path: '^packages/server/src/adapters/',
        pathNot: [
          '^packages/server/src/adapters/(connectors|observability|threads)/',
          '^packages/server/src/adapters/webhook-sender/(address-guard|http-sender|ipv6-embedded)\\.ts$',
        ],
      },
    },
    {
      name: 'language-id-inference',
      comment:
        'Language identification (adapters/language-id/) weighs short texts by the words of the static multilingual ' +
        "encoder, read with that encoder's own tokenizer and word tables: besides the shared adapters it may import " +
        'adapters/inference/static/ and the package paths (inference/registry/package-paths.ts), nothing else.',
      severity: 'error',
      from: { path: '^packages/server/src/adapters/language-id/', pathNot: TEST },
      to: {
        path: '^packages/server/src/adapters/',
        pathNot: [
          '^packages/server/src/adapters/(language-id|observability|threads)/',
          '^packages/server/src/adapters/inference/static/',
          '^packages/server/src/adapters/inference/registry/package-paths\\.ts$',
        ],
      },
    },
    {
      name: 'library-test-kit',
      comment: 'Library code never imports the test kit (src/testing/, */testing/ folders); tests and scripts may.',
      severity: 'error',
      from: { path: SERVER, pathNot: [...TEST, '/testing/'] },
      to: { path: '^packages/server/src/(testing|.*/testing)/' },
    },

    // 4. The contract checks and the mock stand apart from the server: the server mounts the checks, the mock fronts
    //    Prism with them, and neither brings the server's runtime (onnxruntime, PGlite, Redis …) along.
    {
      name: 'off-the-server',
      comment:
        '@textclass/contract-checks and @textclass/mock never import the server (any of its entry points or files): ' +
        'what both need of it belongs in @textclass/contract-checks, which the server imports instead.',
      severity: 'error',
      from: { path: '^packages/(contract-checks|mock)/' },
      to: { path: '^packages/server/' },
    },
    {
      name: 'off-the-server',
      comment: 'The same, for a server entry point that is not built yet (dist/): the import does not resolve.',
      severity: 'error',
      from: { path: '^packages/(contract-checks|mock)/' },
      to: { couldNotResolve: true, path: '^@textclass/server(/|$)' },
    },

    // 5. Packages meet only at their public entry points.
    ...packages.flatMap((dir) => {
      const own = `^${esc(dir)}/`;
      const internals = {
        name: 'package-internals',
        comment: `An import of a file of ${dir}/ that is not one of its public entry points (package.json "exports").`,
        severity: 'error',
        from: { pathNot: own },
      };
      // A relative import is typed `local`; one by package name is not, or is `aliased` (a workspace link) too.
      return [
        {
          name: 'package-internals-relative',
          comment: `A relative import into ${dir}/ from outside it: import the package by its name and public entry points.`,
          severity: 'error',
          from: { pathNot: own },
          to: { path: own, dependencyTypes: ['local'], dependencyTypesNot: ['aliased'] },
        },
        { ...internals, to: { path: own, pathNot: publicEntries(dir), dependencyTypesNot: ['local'] } },
        { ...internals, to: { path: own, pathNot: publicEntries(dir), dependencyTypes: ['aliased'] } },
      ];
    }),
    {
      name: 'package-internals-unexported',
      comment: 'A deep import of a @textclass package that its package.json "exports" does not offer.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, path: '^@textclass/[^/]+/.+', pathNot: packages.flatMap(exportedSubpaths) },
    },

    // 6. No cycles, type-only imports included.
    {
      name: 'no-circular',
      comment:
        'A circular import (type-only imports count): split out the shared part or invert one dependency through a port.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: '(^|/)(node_modules|dist)/' },
    // Not cruised, but still seen as targets: node_modules and dist/ (doNotFollow); these never show up at all.
    exclude: { path: '(^|/)(\\.turbo|coverage|\\.bench-cache)/|^packages/server/assets/' },
    // Type-only imports are dependencies too: a type-only cycle still ties two modules together.
    tsPreCompilationDeps: true,
    // Imports are written with .js and resolve to .ts sources (dependency-cruiser does that itself); packages resolve through "exports".
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['main', 'types', 'typings'],
      extensions: ['.ts', '.mts', '.js', '.mjs', '.cjs', '.d.ts', '.json'],
    },
    skipAnalysisNotInRules: true,
    cache: false,
    reporterOptions: { text: { highlightFocused: true } },
  },
};
