// The shell blocks of one `## ` section of the README, in order, each with the `### ` step it belongs to.
import { readFileSync } from 'node:fs';

export const README = new URL('../../../../README.md', import.meta.url);

export interface ShellBlock {
  step: string;
  code: string;
}

/** The text of the README's `## <title>` section, up to the next `## ` heading. */
export function readmeSection(title: string): string {
  const readme = readFileSync(README, 'utf8');
  const start = readme.indexOf(`\n## ${title}\n`);
  if (start < 0) throw new Error(`the README has no "## ${title}" section`);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

/** The ```sh blocks of a section, exactly as written, each under the last `### ` heading before it. */
export function shellBlocks(section: string): ShellBlock[] {
  const blocks: ShellBlock[] = [];
  let step = '';
  for (const part of section.split(/^(```sh\n[\s\S]*?^```)$/m)) {
    const code = /^```sh\n([\s\S]*?)^```$/m.exec(part)?.[1];
    if (code !== undefined) blocks.push({ step, code });
    else step = [...part.matchAll(/^### (.+)$/gm)].at(-1)?.[1] ?? step;
  }
  return blocks;
}
