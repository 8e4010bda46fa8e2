// The encoders a server loads at start: the default, those its deployed models use, and TEXTCLASS_PRELOAD_ENCODERS.
import type { Repositories } from '../../core/ports/repositories.js';

const PAGE = 500;

/** The encoder ids of every deployed model, in every workspace (once each). */
export async function deployedModelEncoders(repos: Pick<Repositories, 'workspaces' | 'models'>): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const workspace of await repos.workspaces.list()) {
    for (let offset = 0; ; offset += PAGE) {
      const page = await repos.models.list(workspace.id, { offset, limit: PAGE }, { status: 'deployed' });
      for (const model of page.items) ids.add(model.config.encoder);
      if (page.items.length < PAGE) break;
    }
  }
  return ids;
}

/** Default first, then the setting's and the deployed models' encoders. */
export async function neededEncoders(
  defaultId: string,
  preload: readonly string[],
  repos: Pick<Repositories, 'workspaces' | 'models'>,
): Promise<string[]> {
  return [...new Set([defaultId, ...preload, ...(await deployedModelEncoders(repos))])];
}
