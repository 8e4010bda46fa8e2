// The guides' static site, built by `npm run docs` into dist/docs-site/: README.md as the home page, docs/*.md as pages
// (docs/pending/ left out), heading ids as GitHub makes them, and links rewritten to where their targets land
// (scripts/docs-site/site-paths.js); repository files the guides link to are copied under repo/.
import { readFileSync, readdirSync } from 'node:fs';
import {
  headingIds,
  isPage,
  markdownLinks,
  resolveLink,
  siteHref,
  sitePathOf,
} from './scripts/docs-site/site-paths.js';

const OUTPUT = 'dist/docs-site';
const PAGES = [
  'README.md',
  ...readdirSync('docs', { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => `docs/${entry.name}`),
];

/** The repository path of a page from the input path Eleventy gives it (the README is the virtual docs/index.md). */
function sourceOf(inputPath) {
  const relative = inputPath.replace(/^\.\//, '');
  return relative === 'docs/index.md' ? 'README.md' : relative;
}

/** Where the README's map (its Guides section) names a guide (the site's menu follows it); guides it does not name come last. */
function readmeRank(inputPath) {
  const readme = readFileSync('README.md', 'utf8');
  const at = readme.slice(readme.indexOf('\n## Guides')).indexOf(`](${sourceOf(inputPath)})`);
  return at < 0 ? Number.MAX_SAFE_INTEGER : at;
}

/** Every file outside the pages that a page links to, to copy beside them. */
function linkedFiles() {
  const files = new Set();
  for (const page of PAGES) {
    for (const href of markdownLinks(readFileSync(page, 'utf8'))) {
      const link = resolveLink(page, href);
      if (link.kind === 'repo' && !isPage(link.repoPath)) files.add(link.repoPath);
    }
  }
  return [...files];
}

/** Heading ids on every heading, from its text as rendered, with GitHub's rule for repeats. */
function githubHeadingIds(md) {
  md.core.ruler.push('github_heading_ids', (state) => {
    const headings = state.tokens.flatMap((token, i) => (token.type === 'heading_open' ? [i] : []));
    const texts = headings.map((i) =>
      (state.tokens[i + 1].children ?? [])
        .filter((child) => child.type === 'text' || child.type === 'code_inline')
        .map((child) => child.content)
        .join(''),
    );
    headingIds(texts).forEach((id, n) => state.tokens[headings[n]].attrSet('id', id));
  });
}

/** Links and images written for GitHub (relative to the Markdown file) pointed at where their targets land. */
function repositoryLinks(md) {
  for (const [rule, attribute] of [
    ['link_open', 'href'],
    ['image', 'src'],
  ]) {
    const render =
      md.renderer.rules[rule] ?? ((tokens, i, options, _env, self) => self.renderToken(tokens, i, options));
    md.renderer.rules[rule] = (tokens, i, options, env, self) => {
      const value = tokens[i].attrGet(attribute);
      if (value !== null && env?.page?.inputPath)
        tokens[i].attrSet(attribute, siteHref(sourceOf(env.page.inputPath), value));
      return render(tokens, i, options, env, self);
    };
  }
}

const LAYOUT = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{% if title != 'textclass' %}{{ title }} · {% endif %}textclass</title>
<style>
body { font: 16px/1.55 system-ui, sans-serif; margin: 0; display: flex; color: #1f2328; }
nav { width: 15rem; flex: none; padding: 1.5rem 1rem; background: #f6f8fa; min-height: 100vh; box-sizing: border-box; }
nav a { display: block; padding: 0.2rem 0; color: #0969da; text-decoration: none; }
main { max-width: 60rem; padding: 1.5rem 2rem; overflow-x: auto; }
pre { background: #f6f8fa; padding: 0.8rem; overflow-x: auto; }
code { font-size: 0.9em; }
table { border-collapse: collapse; } td, th { border: 1px solid #d0d7de; padding: 0.3rem 0.5rem; vertical-align: top; }
</style>
</head>
<body>
<nav>
<a href="index.html"><strong>textclass</strong></a>
{%- for page in collections.guide %}
<a href="{{ page.url | replace: '/', '' }}">{{ page.data.title }}</a>
{%- endfor %}
</nav>
<main>
{{ content }}
</main>
</body>
</html>
`;

export default function (eleventyConfig) {
  eleventyConfig.ignores.add('docs/pending/**');
  // The generated settings reference is copied as it is (guides link to it), not made a page of the menu.
  eleventyConfig.ignores.add('docs/reference/**');
  eleventyConfig.setUseGitIgnore(false);
  eleventyConfig.amendLibrary('md', githubHeadingIds);
  eleventyConfig.amendLibrary('md', repositoryLinks);
  eleventyConfig.addTemplate('_includes/guide.liquid', LAYOUT);
  eleventyConfig.addTemplate('index.md', readFileSync('README.md', 'utf8'), { permalink: 'index.html' });
  eleventyConfig.addGlobalData('layout', 'guide.liquid');
  eleventyConfig.addGlobalData('permalink', () => (data) => sitePathOf(sourceOf(data.page.inputPath)));
  eleventyConfig.addGlobalData('eleventyComputed', {
    title: (data) => /^# (.+)$/m.exec(data.page.rawInput ?? '')?.[1] ?? 'textclass',
  });
  eleventyConfig.addCollection('guide', (api) =>
    api
      .getAll()
      .filter((item) => item.inputPath !== './docs/index.md')
      .sort((a, b) => readmeRank(a.inputPath) - readmeRank(b.inputPath) || a.url.localeCompare(b.url)),
  );
  for (const file of linkedFiles()) eleventyConfig.addPassthroughCopy({ [file]: sitePathOf(file) });
  return {
    dir: { input: 'docs', output: OUTPUT },
    templateFormats: ['md'],
    markdownTemplateEngine: false,
    htmlTemplateEngine: 'liquid',
  };
}
