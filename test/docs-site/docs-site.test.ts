// The guides' site: `npm run docs` builds it from README.md and docs/*.md with Eleventy, and no link in the Markdown
// (as GitHub shows it) or in the built pages leads nowhere; the README and the guides stay short enough to read.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deadSiteLinks, deadSourceLinks } from './dead-links.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const GUIDES = readdirSync(path.join(ROOT, 'docs'), { withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
  .map((entry) => `docs/${entry.name}`);
const scratch = mkdtempSync(path.join(tmpdir(), 'textclass-docs-site-'));
const site = path.join(scratch, 'site');

beforeAll(async () => {
  await promisify(execFile)('npm', ['run', 'docs', '--', '--output', site], { cwd: ROOT });
}, 120_000);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const lines = (file: string) => readFileSync(path.join(ROOT, file), 'utf8').split('\n').length - 1;

describe('the guides', () => {
  it('keep the README within 200 lines and every guide within 400', () => {
    expect(lines('README.md')).toBeLessThanOrEqual(200);
    expect(GUIDES.filter((guide) => lines(guide) > 400)).toEqual([]);
  });

  it('link only to files of the repository and headings that exist, as GitHub shows them', () => {
    expect(['README.md', ...GUIDES].flatMap((source) => deadSourceLinks(ROOT, source))).toEqual([]);
  });

  it('build into a site with a page for the README and every guide, none under docs/pending/', () => {
    const pages = readdirSync(site).filter((file) => file.endsWith('.html'));
    const expected = ['index.html', ...GUIDES.map((guide) => `${path.basename(guide, '.md')}.html`)];
    expect(pages.sort()).toEqual(expected.sort());
  });

  it('build into a site whose every link and anchor resolves', () => {
    expect(deadSiteLinks(site)).toEqual([]);
  });
});

describe('the dead-link checks', () => {
  it('find a missing file, a missing heading and a missing page id', () => {
    const repo = path.join(scratch, 'repo');
    mkdirSync(path.join(repo, 'docs'), { recursive: true });
    writeFileSync(path.join(repo, 'docs/a.md'), '# A\n\n## Real heading\n');
    writeFileSync(
      path.join(repo, 'README.md'),
      '[ok](docs/a.md#real-heading) [gone](docs/b.md) [no heading](docs/a.md#imagined) `[code](not-a-link.md)`\n',
    );
    expect(deadSourceLinks(repo, 'README.md')).toEqual([
      'README.md: docs/b.md (no docs/b.md)',
      'README.md: docs/a.md#imagined (no heading #imagined in docs/a.md)',
    ]);
    const built = path.join(scratch, 'built');
    mkdirSync(built);
    writeFileSync(path.join(built, 'a.html'), '<h2 id="real-heading">Real</h2>');
    writeFileSync(
      path.join(built, 'index.html'),
      '<a href="a.html#real-heading"></a><a href="a.html#imagined"></a><a href="b.html"></a><a href="#top"></a>',
    );
    expect(deadSiteLinks(built).sort()).toEqual([
      'index.html: #top (no #top in index.html)',
      'index.html: a.html#imagined (no #imagined in a.html)',
      'index.html: b.html (not in the site)',
    ]);
  });
});
