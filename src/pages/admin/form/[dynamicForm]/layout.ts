/**
 * Pure edits of a form layout for the designer (sections, field order by
 * drag and by the up/down buttons). Every function returns a new layout; the input is untouched.
 */
import type { FormField, FormLayout, FormSection } from '../../../../../contracts';

/** Where a field sits: section index and index within it, or null when not placed. */
export function locate(layout: FormLayout, key: string): { section: number; index: number } | null {
  for (let s = 0; s < layout.sections.length; s += 1) {
    const index = layout.sections[s].fields.findIndex((f) => f.key === key);
    if (index >= 0) return { section: s, index };
  }
  return null;
}

/** The placed field `key`, or undefined. */
export function placedField(layout: FormLayout, key: string): FormField | undefined {
  const at = locate(layout, key);
  return at ? layout.sections[at.section].fields[at.index] : undefined;
}

/** Keys of every placed field. */
export const placedKeys = (layout: FormLayout): Set<string> => new Set(layout.sections.flatMap((s) => s.fields.map((f) => f.key)));

const withSections = (layout: FormLayout, sections: FormSection[]): FormLayout => ({ ...layout, sections });

/**
 * Puts field `key` into section `section` before position `index` (end when undefined or past the
 * end), taking it from where it was (with its settings) or placing it new. A layout without
 * sections gets one.
 */
export function moveField(layout: FormLayout, key: string, section: number, index?: number): FormLayout {
  const sections: FormSection[] = layout.sections.length ? layout.sections.map((s) => ({ ...s, fields: [...s.fields] })) : [{ title: '', fields: [] }];
  const from = locate(layout, key);
  let field: FormField = { key };
  let target = index ?? Number.MAX_SAFE_INTEGER;
  const to = Math.min(Math.max(section, 0), sections.length - 1);
  if (from) {
    [field] = sections[from.section].fields.splice(from.index, 1);
    if (from.section === to && from.index < target) target -= 1;
  }
  const list = sections[to].fields;
  list.splice(Math.min(Math.max(target, 0), list.length), 0, field);
  return withSections(layout, sections);
}

/**
 * Moves field `key` one step up (-1) or down (+1): within its section, or across into the end of
 * the previous / the start of the next section. Unchanged at the very top or bottom.
 */
export function stepField(layout: FormLayout, key: string, delta: -1 | 1): FormLayout {
  const at = locate(layout, key);
  if (!at) return layout;
  const size = layout.sections[at.section].fields.length;
  if (delta < 0 && at.index > 0) return moveField(layout, key, at.section, at.index - 1);
  if (delta > 0 && at.index < size - 1) return moveField(layout, key, at.section, at.index + 2);
  if (delta < 0 && at.section > 0) return moveField(layout, key, at.section - 1);
  if (delta > 0 && at.section < layout.sections.length - 1) return moveField(layout, key, at.section + 1, 0);
  return layout;
}

/** Takes field `key` off the form (back to the palette), and drops the conditions that named it. */
export function removeField(layout: FormLayout, key: string): FormLayout {
  const drop = (g: FormField['visibleIf']) => (g ? { ...g, conditions: g.conditions.filter((c) => c.field !== key) } : g);
  return withSections(
    layout,
    layout.sections.map((s) => ({
      ...s,
      fields: s.fields.filter((f) => f.key !== key).map((f) => ({ ...f, visibleIf: drop(f.visibleIf), requiredIf: drop(f.requiredIf) })),
    })),
  );
}

/** Replaces the settings of field `key` with `patch` merged in (undefined removes a setting). */
export function updateField(layout: FormLayout, key: string, patch: Partial<FormField>): FormLayout {
  return withSections(
    layout,
    layout.sections.map((s) => ({
      ...s,
      fields: s.fields.map((f) => {
        if (f.key !== key) return f;
        const next: FormField = { ...f, ...patch, key };
        for (const k of Object.keys(next) as (keyof FormField)[]) if (next[k] === undefined || next[k] === '') delete next[k];
        return next;
      }),
    })),
  );
}

/** Appends an empty section titled `title`. */
export const addSection = (layout: FormLayout, title: string): FormLayout => withSections(layout, [...layout.sections, { title, fields: [] }]);

/** Removes section `index` (its fields go back to the palette). */
export const removeSection = (layout: FormLayout, index: number): FormLayout => {
  const gone = layout.sections[index]?.fields.map((f) => f.key) ?? [];
  const kept = withSections(
    layout,
    layout.sections.filter((_, i) => i !== index),
  );
  return gone.reduce(removeField, kept);
};

/** Changes section `index`'s title and/or description. */
export const updateSection = (layout: FormLayout, index: number, patch: Partial<Pick<FormSection, 'title' | 'description'>>): FormLayout =>
  withSections(
    layout,
    layout.sections.map((s, i) => (i === index ? { ...s, ...patch } : s)),
  );
