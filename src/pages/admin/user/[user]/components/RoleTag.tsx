/** An application role as a coloured tag: owner (gold), editor (blue), viewer (default). */
import { Tag } from 'antd';
import React from 'react';
import { useIntl } from 'umi';
import type { AppRole } from '../../../../../../contracts';

const COLORS: Record<AppRole, string | undefined> = { owner: 'gold', editor: 'blue', viewer: undefined };

export default function RoleTag({ role, prefix }: { role: AppRole; prefix?: string }) {
  const intl = useIntl();
  return (
    <Tag color={COLORS[role]}>
      {prefix ? `${prefix}: ` : ''}
      {intl.formatMessage({ id: `role.${role}` })}
    </Tag>
  );
}
