/**
 * A rule's definition as the editor holds it (any keys of any kind, some still empty) and as it is
 * sent (contracts/rules.ts ruleDefinitionSchema: only the kind's keys). Pure, tested in
 * definition.test.ts.
 */
import type { RuleKind } from '../../../contracts/rules.constants';

/** A definition being edited: the kind's keys, any of them still empty. */
export type DefinitionDraft = Record<string, unknown>;

/** The definition to send: only the keys of `kind`, empty ones left out. */
export function definitionOf(kind: RuleKind, d: DefinitionDraft): Record<string, unknown> {
  const pickKeys: Record<RuleKind, string[]> = {
    comparison: ['field', 'op', d.compareTo === 'field' ? 'otherField' : 'value'],
    range: ['field', 'min', 'max'],
    pattern: ['field', 'pattern'],
    requiredIf: ['field', 'condition'],
    unique: ['fields'],
    existsIn: ['field', 'subject', 'targetField'],
    expression: ['expression'],
  };
  const out: Record<string, unknown> = { kind };
  for (const k of pickKeys[kind]) if (d[k] !== undefined && d[k] !== '' && d[k] !== null) out[k] = d[k];
  return out;
}

/** The draft of a stored definition (a comparison remembers whether it compares with a field). */
export function draftOf(definition: Record<string, unknown> | undefined): DefinitionDraft {
  if (!definition) return { op: 'eq', compareTo: 'value' };
  return { ...definition, compareTo: definition.otherField !== undefined ? 'field' : 'value' };
}
