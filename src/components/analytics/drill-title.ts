/**
 * Pure: the drilled values as the drawer's title shows them ("Client: ACME", "Month: 2026-03").
 * A value's dimension is found in the definition by its output name (`as`, else the field
 * reference, as written or with '.' → '_'); its label and type come from the drill's columns
 * (the base subject's fields) when the field is one of them, its bucket from the definition.
 * When the drilled result's own columns are given (`resultColumns`), a value's column there wins:
 * its label and type are exactly the result's.
 */
import type { AnalyticsQueryDefinition, QueryDimension, QueryResultColumn } from '../../../contracts';
import { formatBucket, formatCell, type FormatContext } from './format';

/** The definition's dimension whose output name is `name`, if any. */
export function dimensionByName(definition: AnalyticsQueryDefinition, name: string): QueryDimension | undefined {
  const dims = definition.dimensions ?? [];
  return (
    dims.find((d) => d.as === name) ??
    dims.find(
      (d) =>
        !d.as &&
        (d.field === name || d.field.replace(/\./g, '_') === name || `${d.field.replace(/\./g, '_')}_${d.bucket}` === name),
    )
  );
}

/** "Label: value" for each drilled value, in the order of `values`. */
export function drillTitleParts(
  definition: AnalyticsQueryDefinition,
  values: Record<string, unknown>,
  columns: readonly QueryResultColumn[],
  ctx: FormatContext,
  resultColumns: readonly QueryResultColumn[] = [],
): string[] {
  return Object.entries(values).map(([name, value]) => {
    const own = resultColumns.find((c) => c.name === name);
    if (own) return `${own.label}: ${formatCell(own, value, ctx)}`;
    const dim = dimensionByName(definition, name);
    const field = dim?.field ?? name;
    const column = columns.find((c) => c.name === field);
    const label = column?.label ?? dim?.as ?? name;
    let text: string;
    if (dim?.bucket && typeof value === 'string') text = formatBucket(value, dim.bucket, ctx.week);
    else if (column) text = formatCell(column, value, ctx);
    else text = formatCell({ type: 'id' }, value, ctx); // labels name ids; anything else shows as is
    return `${label}: ${text}`;
  });
}
