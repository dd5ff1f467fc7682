/**
 * A text diff (compare.ts `textDiff`) inline: removed text struck through on red, added text on
 * green, each run also marked with a visible − / + (so the change reads without colour) and
 * announced as "removed"/"added" by screen readers (`<del>`/`<ins>` with a hidden label).
 */
import { theme } from 'antd';
import React from 'react';
import { useIntl } from 'umi';
import type { TextPart } from '../compare';

const hidden: React.CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};

export default function DiffText({ parts }: { parts: TextPart[] }) {
  const intl = useIntl();
  const { token } = theme.useToken();
  const marker: React.CSSProperties = { fontWeight: 700, marginRight: 1, userSelect: 'none' };
  return (
    <div style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', lineHeight: 1.8 }} data-testid="text-diff">
      {parts.map((p, i) => {
        if (p.kind === 'same') return <span key={i}>{p.value}</span>;
        const added = p.kind === 'added';
        const style: React.CSSProperties = {
          background: added ? token.colorSuccessBg : token.colorErrorBg,
          color: added ? token.colorSuccessText : token.colorErrorText,
          textDecoration: added ? 'none' : 'line-through',
          borderRadius: 2,
          padding: '0 2px',
        };
        const label = intl.formatMessage({ id: added ? 'compare.diff.added' : 'compare.diff.removed' });
        const Tag = added ? 'ins' : 'del';
        return (
          <Tag key={i} style={style} title={label} data-testid={added ? 'diff-added' : 'diff-removed'}>
            <span style={hidden}>{label}: </span>
            <span aria-hidden style={marker}>
              {added ? '+' : '−'}
            </span>
            {p.value}
          </Tag>
        );
      })}
    </div>
  );
}
