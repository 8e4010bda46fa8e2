// The mark a write-back leaves on a remote ticket (a tag, or a line in a note) so that a retried write is not made twice.
import { createHash } from 'node:crypto';

/** A short token for a write's marker, safe as a tag in every system (lowercase letters, digits, underscore). */
export function markerToken(marker: string): string {
  return `textclass_${createHash('sha256').update(marker, 'utf8').digest('hex').slice(0, 16)}`;
}

/** A label as a tag: lowercase, runs of anything but letters, digits, `-` and `_` become one `_`. */
export function labelTag(label: string): string {
  const tag = label
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_-]+/gu, '_')
    .replace(/^_+|_+$/g, '');
  return tag === '' ? 'label' : tag;
}

/** The text of a private note or work note: the labels, the model, and the marker line that makes the write idempotent. */
export function noteText(labels: string[], modelName: string, marker: string): string {
  return `textclass (${modelName}): ${labels.join(', ')}\n[${markerToken(marker)}]`;
}

/** True when a note's text carries this write's marker. */
export function noteHasMarker(text: string, marker: string): boolean {
  return text.includes(`[${markerToken(marker)}]`);
}

/** The value written to a field or property: the top label (a drop-down field holds one value). */
export function fieldValue(labels: string[]): string {
  return labels[0] ?? '';
}
