/**
 * Select choices from a pasted list: one choice per line (a column copied from a spreadsheet or a
 * document), so 31 sections take one paste instead of 31 clicks. Pure, unit-tested.
 */

/** At most this many choices are taken from one paste (the field keeps at most 500: contracts/subjects.ts). */
export const PASTE_CHOICES_MAX = 500;

/**
 * The new choice rows of `text`: each line trimmed (a tab-separated line keeps its first cell), empty
 * lines dropped, labels over 100 characters cut, and labels already among `existing` or earlier in the
 * paste dropped. Colours continue the palette from `existing.length`.
 */
export function choicesFromText(
  text: string,
  existing: readonly { label?: string }[],
  colors: readonly string[],
): { label: string; color: string }[] {
  const seen = new Set(existing.map((c) => (c.label ?? '').trim()).filter(Boolean));
  const out: { label: string; color: string }[] = [];
  for (const line of text.split(/\r\n|\r|\n/)) {
    const label = line.split('\t')[0].trim().slice(0, 100);
    if (!label || seen.has(label)) continue;
    seen.add(label);
    out.push({ label, color: colors[(existing.length + out.length) % colors.length] });
    if (out.length >= PASTE_CHOICES_MAX) break;
  }
  return out;
}

/** Whether a paste into one choice's label holds several lines (then it becomes several choices). */
export function isMultiLine(text: string): boolean {
  return /\S[^\S\r\n]*(\r\n|\r|\n)[^\S\r\n]*\S/.test(text);
}
