// Folder-level import boundaries, checked by dependency-cruiser beside the file-level rules of .dependency-cruiser.cjs
// (`npm run lint:boundaries` runs both): no two folders import each other, however indirectly (app/ → transport/cli/ →
// app/ is such a loop, which no file-level rule sees). Library code only: tests and test kits may reach across freely.
// core/'s own folders are left out: its ports name the domain's types and the domain uses its ports, by design.
// transport/http/'s folders are checked: what they all use (the request context, the services routes are handed,
// the lane's collected headers, a step and a hot route as data) is in shared/, and only pipeline/ imports routes/.
// Checked on the fixture trees of test/boundaries/ like the file-level rules.
'use strict';

const base = require('./.dependency-cruiser.cjs');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-folder-cycle',
      comment:
        'Two folders import each other (through any number of folders): let the arrows go one way, e.g. hand the ' +
        'lower folder what it needs (a function, a port) from the composing one instead of importing it back.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^packages/', pathNot: '^packages/server/src/core(/|$)' },
      to: { circular: true },
    },
  ],
  options: {
    ...base.options,
    // Folders are made of the modules cruised: tests, test kits and test support stay out of them.
    exclude: { path: `${base.options.exclude.path}|\\.test\\.ts$|^packages/[^/]+/test/|/testing/` },
  },
};
