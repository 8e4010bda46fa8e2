// `--label-threshold name=cut-off` flags of `textclass models create`, turned into the label_thresholds object.

/** Parses the repeated flag values; the label name is what precedes the last `=`. */
export function parseLabelThresholds(specs: readonly string[]): Record<string, number> | undefined {
  if (specs.length === 0) return undefined;
  const thresholds: Record<string, number> = Object.create(null) as Record<string, number>;
  for (const spec of specs) {
    const at = spec.lastIndexOf('=');
    const name = spec.slice(0, at).trim();
    const value = Number(spec.slice(at + 1));
    if (at <= 0 || name === '' || spec.slice(at + 1).trim() === '' || !Number.isFinite(value))
      throw new Error(`--label-threshold "${spec}": use label=cut-off, e.g. billing=0.8`);
    thresholds[name] = value;
  }
  return { ...thresholds };
}
