// Keeps the last lines a child process wrote, to explain a failed start.

/** A bounded buffer of recent output lines. */
export interface OutputTail {
  push(chunk: Buffer | string): void;
  text(): string;
}

export function createOutputTail(maxLines = 40): OutputTail {
  const lines: string[] = [];
  return {
    push(chunk) {
      lines.push(
        ...String(chunk)
          .split('\n')
          .filter((line) => line.trim() !== ''),
      );
      if (lines.length > maxLines) lines.splice(0, lines.length - maxLines);
    },
    text: () => lines.join('\n'),
  };
}
