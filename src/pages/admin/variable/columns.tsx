/** How a variable's type and value show (the list's cells and the detail page): the type as a coloured tag, a secret masked. */
import { Tag, Typography } from 'antd';
import React from 'react';
import type { Variable } from '../../../../contracts';

export const TYPE_COLORS: Record<Variable['type'], string> = { text: 'default', number: 'blue', json: 'purple', secret: 'gold' };

/** The type as a tag in its colour (`label`: the type's name). */
export function TypeTag({ v, label }: { v: Pick<Variable, 'type'>; label: string }) {
  return <Tag color={TYPE_COLORS[v.type]}>{label}</Tag>;
}

/** The value cell: `masked` for a secret, the text otherwise (one line). */
export function ValueCell({ v, masked }: { v: Pick<Variable, 'type' | 'value'>; masked: string }) {
  if (v.type === 'secret') {
    return (
      <span data-testid="secret-mask">
        <Typography.Text type="secondary">{masked}</Typography.Text>
      </span>
    );
  }
  return (
    <Typography.Text code={v.type !== 'text'} ellipsis style={{ maxWidth: 320 }}>
      {v.value}
    </Typography.Text>
  );
}
