// Whether the CLI prints JSON lines (--json, or stdout is not a terminal: pipes and scripts) or tables for a person.
import type { Command } from 'commander';

let jsonRequested = false;

/** `--json` on a command that prints results: JSON lines even on a terminal. */
export function addJsonOption(command: Command): Command {
  return command.option('--json', 'print one JSON object a line (the default when stdout is not a terminal)');
}

/** Called before each command's action with its `--json` flag (main.ts). */
export function requestJsonOutput(requested: boolean): void {
  jsonRequested = requested;
}

/** JSON lines when asked for, or when stdout is a pipe or a file; tables only on a terminal. */
export const jsonOutput = (): boolean => jsonRequested || process.stdout.isTTY !== true;
