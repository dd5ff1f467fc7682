/**
 * A refused run, save or export beside the builder: the server's message (422 too costly / timed
 * out included) and each 400 detail with the part of the query it names
 * (`definition.measures.0.field` → "Aggregate 1 (sum_amount) · field").
 */
import { Alert } from 'antd';
import React from 'react';
import { ApiError } from '../../services/api-error';
import { useT } from '../useT';
import { dimensionName, errorPlace, measureName, type BuilderDraft } from './model';

interface Props {
  error: unknown;
  draft: BuilderDraft;
  onClose: () => void;
}

export default function ErrorAlert({ error, draft, onClose }: Props) {
  const t = useT();
  if (!error) return null;
  const details = error instanceof ApiError ? error.details : [];
  const where = (path: string) => {
    const p = errorPlace(path);
    if (!p) return path;
    let text = t(`queries.part.${p.part}`);
    if (p.index !== undefined) {
      const item =
        p.part === 'measures' && draft.measures[p.index]
          ? measureName(draft.measures[p.index])
          : p.part === 'dimensions' && draft.dimensions[p.index]
            ? dimensionName(draft.dimensions[p.index])
            : p.part === 'joins'
              ? draft.joins[p.index]?.as
              : p.part === 'calculated'
                ? draft.calculated[p.index]?.name
                : p.part === 'columns'
                  ? draft.columns[p.index]
                  : undefined;
      text += ` ${p.index + 1}${item ? ` (${item})` : ''}`;
    }
    return p.prop ? `${text} · ${p.prop === 'field' ? t('queries.field') : p.prop}` : text;
  };
  return (
    <Alert
      type="error"
      showIcon
      closable
      onClose={onClose}
      data-testid="qb-error"
      style={{ marginBottom: 16 }}
      message={error instanceof Error ? error.message : String(error)}
      description={
        details.length > 0 && (
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {details.map((d, i) => (
              <li key={i} data-testid="qb-error-detail" data-field={d.field}>
                <strong>{where(d.field)}</strong>: {d.message}
              </li>
            ))}
          </ul>
        )
      }
    />
  );
}
