// Where README.md and docs/ land in the guides' site (npm run docs), and heading ids as GitHub makes them, so a link
// that works on GitHub works on the site: README.md → index.html, docs/<name>.md → <name>.html, docs/<other> →
// <other>, any other file of the repository a guide links to → repo/<its path>, copied as it is.
import path from 'node:path';

/** The guides that become pages: README.md and docs/*.md, never docs/pending/ (features waiting to be folded in). */
export function isPage(repoPath) {
  return repoPath === 'README.md' || /^docs\/[^/]+\.md$/.test(repoPath);
}

/** The site path of a repository file (relative to the site's root, where every page is). */
export function sitePathOf(repoPath) {
  if (repoPath === 'README.md') return 'index.html';
  const page = /^docs\/([^/]+)\.md$/.exec(repoPath);
  if (page) return `${page[1]}.html`;
  if (repoPath.startsWith('docs/')) return repoPath.slice('docs/'.length);
  return `repo/${repoPath}`;
}

/** A link of a page: external (left alone), within the page (`#id`), or a repository path with an optional id. */
export function resolveLink(sourceRepoPath, href) {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) return { kind: 'external' };
  const hashAt = href.indexOf('#');
  const target = hashAt < 0 ? href : href.slice(0, hashAt);
  const fragment = hashAt < 0 ? null : decodeURIComponent(href.slice(hashAt + 1));
  if (target === '') return { kind: 'same-page', fragment };
  const repoPath = path.posix.normalize(path.posix.join(path.posix.dirname(sourceRepoPath), decodeURI(target)));
  return { kind: 'repo', repoPath: repoPath.replace(/\/$/, ''), fragment };
}

/** The href a page on the site gets for a link written in its Markdown source. */
export function siteHref(sourceRepoPath, href) {
  const link = resolveLink(sourceRepoPath, href);
  if (link.kind !== 'repo') return href;
  return sitePathOf(link.repoPath) + (link.fragment === null ? '' : `#${encodeURIComponent(link.fragment)}`);
}

/** GitHub's heading id: lower case, punctuation dropped (hyphens and underscores kept), each space a hyphen. */
export function headingSlug(text) {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Ids for a document's headings in order, a repeated one suffixed -1, -2 … (github-slugger's rule). */
export function headingIds(texts) {
  const occurrences = new Map();
  return texts.map((text) => {
    const base = headingSlug(text);
    let id = base;
    while (occurrences.has(id)) {
      occurrences.set(base, occurrences.get(base) + 1);
      id = `${base}-${occurrences.get(base)}`;
    }
    occurrences.set(id, 0);
    return id;
  });
}

/** Markdown links and images of a source: [text](href) and ![alt](src), outside fenced code and inline code. */
export function markdownLinks(markdown) {
  const prose = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '``');
  return [...prose.matchAll(/!?\[[^[\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1]);
}

/** Heading texts of a Markdown source (ATX headings outside fenced code), as GitHub reads them for ids. */
export function markdownHeadings(markdown) {
  const prose = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  return [...prose.matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)].map((m) =>
    m[1].replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*]/g, ''),
  );
}
