// Dead links in the guides: in the Markdown as GitHub shows it (a repository path, a heading id) and in the built site
// (a file of the site, an element id of the page it names). No network: external links are not followed.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { headingIds, markdownHeadings, markdownLinks, resolveLink } from '../../scripts/docs-site/site-paths.js';

/** Ids a Markdown file's headings get on GitHub. */
function markdownIds(file: string): Set<string> {
  return new Set(headingIds(markdownHeadings(readFileSync(file, 'utf8'))));
}

/** Every link of one Markdown source that names no file of the repository, or a heading its target lacks. */
export function deadSourceLinks(root: string, source: string): string[] {
  const dead: string[] = [];
  for (const href of markdownLinks(readFileSync(path.join(root, source), 'utf8'))) {
    const link = resolveLink(source, href);
    if (link.kind === 'external') continue;
    const target = link.kind === 'same-page' ? source : link.repoPath;
    const file = path.join(root, target);
    if (!existsSync(file)) {
      dead.push(`${source}: ${href} (no ${target})`);
    } else if (statSync(file).isDirectory()) {
      // GitHub lists a folder; the site (and the server's /guides/) has no listing to land on.
      dead.push(`${source}: ${href} (a folder: link to a file in it)`);
    } else if (link.fragment !== null && !(target.endsWith('.md') && markdownIds(file).has(link.fragment))) {
      dead.push(`${source}: ${href} (no heading #${link.fragment} in ${target})`);
    }
  }
  return dead;
}

/** Every file under a folder, relative to it. */
function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(prefix, entry.name);
    return entry.isDirectory() ? filesUnder(dir, relative) : [relative];
  });
}

/** The id attributes of an HTML page. */
function htmlIds(html: string): Set<string> {
  return new Set([...html.matchAll(/\sid="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&')));
}

/** Every href and src of every page of a built site that names no file of the site, or an id its target lacks. */
export function deadSiteLinks(site: string): string[] {
  const dead: string[] = [];
  for (const page of filesUnder(site).filter((file) => file.endsWith('.html'))) {
    const html = readFileSync(path.join(site, page), 'utf8');
    for (const [, raw] of html.matchAll(/\s(?:href|src)="([^"]*)"/g)) {
      const href = raw!.replace(/&amp;/g, '&');
      if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) continue;
      const hashAt = href.indexOf('#');
      const target = hashAt < 0 ? href : href.slice(0, hashAt);
      const fragment = hashAt < 0 ? null : decodeURIComponent(href.slice(hashAt + 1));
      const targetPage = target === '' ? page : path.posix.normalize(path.posix.join(path.posix.dirname(page), target));
      const file = path.join(site, decodeURI(targetPage));
      if (targetPage.startsWith('..') || !existsSync(file)) {
        dead.push(`${page}: ${href} (not in the site)`);
        continue;
      }
      if (fragment === null) continue;
      const ids = statSync(file).isDirectory()
        ? new Set<string>()
        : targetPage.endsWith('.html')
          ? htmlIds(readFileSync(file, 'utf8'))
          : targetPage.endsWith('.md')
            ? markdownIds(file)
            : new Set<string>();
      if (!ids.has(fragment)) dead.push(`${page}: ${href} (no #${fragment} in ${targetPage})`);
    }
  }
  return dead;
}
