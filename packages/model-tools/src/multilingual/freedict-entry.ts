// Pulls the translations out of a FreeDict entry's text (dictd layout of the FreeDict TEI exports).

export interface DictionaryEntry {
  /** Headwords of the entry, lowercased (a Japanese entry lists several spellings). */
  headwords: string[];
  /** Translations in the order the entry gives them (first sense first). */
  translations: string[];
  /** Marked as a common word by the dictionary (EDICT's "(P)"). */
  common?: boolean;
}

const NOTE_LINE = /^\s*(?:see:|synonym:|antonym:|note:|example|syn:|ant:|"|‘|»|\{)/i;
const BRACKETS = /<[^>]*>|\[[^\]]*\]|\([^)]*\)|\{[^}]*\}|\/[^/]*\//g;
const SENSE_NUMBER = /^\s*\d+\.\s*/;
/** Longer lines are definitions or examples, not translations. */
const MAX_TRANSLATION_WORDS = 4;

function headwordsOf(firstLine: string): string[] {
  return firstLine
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\/[^/]*\//g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter((h) => h.length > 0);
}

/** Parses one entry body; lines indented by three or more spaces are notes and examples. */
export function parseFreedictEntry(body: string): DictionaryEntry {
  const lines = body.split('\n');
  const headwords = headwordsOf(lines[0] ?? '');
  const translations: string[] = [];
  for (const raw of lines.slice(1)) {
    if (raw.trim() === '' || /^ {3,}/.test(raw) || NOTE_LINE.test(raw)) continue;
    const line = raw.replace(SENSE_NUMBER, '').replace(BRACKETS, ' ');
    for (const piece of line.split(/[,;]/)) {
      const phrase = piece.replace(/\s+/g, ' ').trim().toLowerCase();
      if (!phrase || phrase.split(' ').length > MAX_TRANSLATION_WORDS) continue;
      translations.push(phrase);
    }
  }
  return { headwords, translations };
}
