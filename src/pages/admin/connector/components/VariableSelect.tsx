/**
 * Picks a global secret variable by its key for a connector's credential (password, CA
 * certificate, auth header): the values never reach the browser, only the keys. Cleared = '' (none).
 * Beside it, a link to /admin/variable (a new tab, so the form being filled stays) to create one;
 * the list is read again when this window regains the focus.
 */
import { useQuery } from '@tanstack/react-query';
import { Select, Space } from 'antd';
import React from 'react';
import { useT } from '../../../../components/useT';
import { keys } from '../../../../services/query-keys';
import { variablesApi } from '../../../../services/variables';

/** The global secret variables' keys (the first 100 by key). */
function useSecretKeys() {
  const params = { type: 'secret', scope: 'global', pageSize: 100 };
  return useQuery({
    queryKey: keys('variables').options(params),
    queryFn: () => variablesApi.list(params as Parameters<typeof variablesApi.list>[0]),
    refetchOnWindowFocus: true,
  });
}

export default function VariableSelect({
  id,
  value,
  onChange,
  testId,
}: {
  id?: string;
  value?: string;
  onChange?: (v: string) => void;
  testId?: string;
}) {
  const t = useT();
  const q = useSecretKeys();
  const options = (q.data?.data ?? [])
    .filter((v) => !v.applicationId)
    .map((v) => ({ value: String(v.key), label: String(v.key) }));
  // a key the list does not hold (deleted since, or past the first 100) still shows as chosen
  if (value && !options.some((o) => o.value === value)) options.unshift({ value, label: value });
  return (
    <Space wrap>
      <Select
        id={id}
        style={{ width: 260 }}
        allowClear
        showSearch
        loading={q.isLoading}
        placeholder={t('connectors.variable.none')}
        value={value || undefined}
        onChange={(v?: string) => onChange?.(v ?? '')}
        options={options}
        data-testid={testId}
        notFoundContent={t('connectors.variable.empty')}
      />
      <a href="/admin/variable" target="_blank" rel="noreferrer">
        {t('connectors.variable.create')}
      </a>
    </Space>
  );
}
