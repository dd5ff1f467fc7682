/**
 * /admin/variable (docs/routes-and-loading.md "Screen names": variable management; Variables): the
 * variables on the resource kit's table (server-side paging, sorting by key, type or update, search
 * on key or description, the type filter; delete asks first and goes to the recycle bin). Beyond
 * the definition: the scope column and its filter (`scope`: global or an application, a filter the
 * server writes), the type as a coloured tag, the value with secrets masked, and a new variable
 * (the kit's dialog with the value input by type) opens its page. Editing is on that page.
 */
import { PlusOutlined } from '@ant-design/icons';
import { PageContainer } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { Button, Tag } from 'antd';
import React, { useMemo, useRef, useState } from 'react';
import { history, useIntl } from 'umi';
import type { Variable } from '../../../../contracts';
import { variableResource, type VariableResource } from '../../../../contracts/variables.resource';
import type { ResourceFormModalProps } from '../../../components/resource/ResourceFormModal';
import ResourceTable from '../../../components/resource/ResourceTable';
import { listApplications } from '../../../services/applications';
import { keys } from '../../../services/query-keys';
import type { ResourceApi } from '../../../services/resource-api';
import { variablesApi } from '../../../services/variables';
import { TypeTag, ValueCell } from './columns';
import { variableFormProps } from './components/VariableFields';

/** The dialog loads when first opened (as the kit's own). */
const ResourceFormModal = React.lazy(() => import('../../../components/resource/ResourceFormModal')) as unknown as (
  props: ResourceFormModalProps<VariableResource>,
) => React.ReactElement;

export default function VariableList() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [creating, setCreating] = useState(false);
  const apps = useQuery({
    queryKey: keys('applications').list({ pageSize: 100 }),
    queryFn: () => listApplications({ pageSize: 100 }),
  });
  const scopeOptions = [
    { value: 'global', label: t('variable.scope.global') },
    ...(apps.data?.data ?? []).map((a) => ({ value: a.id, label: `${a.name} (${a.slug})` })),
  ];
  /** The scope filter as last searched: the kit sends only the definition's filters, so the list adds it. */
  const scope = useRef<string>();
  const api = useMemo<ResourceApi<VariableResource>>(
    () => ({
      ...variablesApi,
      list: (params, signal) => variablesApi.list({ ...params, scope: scope.current } as typeof params, signal),
    }),
    [],
  );
  return (
    <PageContainer title={t('variable.title')}>
      <ResourceTable
        resource={variableResource}
        api={api}
        detailPath={(v) => `/admin/variable/${v.id}`}
        edit={false}
        create={false}
        testIds={{ table: 'variable-table', delete: (v) => `delete-variable-${v.key}` }}
        columns={{
          key: { width: 220 },
          type: { render: (_, v) => <TypeTag v={v} label={t(`resources.variables.fields.type.values.${v.type}`)} /> },
          applicationId: {
            title: t('variable.scope'),
            dataIndex: 'scope',
            search: undefined,
            valueType: 'select',
            fieldProps: { options: scopeOptions, showSearch: true, optionFilterProp: 'label' },
            render: (_, v) =>
              (v as Variable).applicationName ? (
                <Tag color="cyan">{(v as Variable).applicationName}</Tag>
              ) : (
                <Tag>{t('variable.scope.global')}</Tag>
              ),
          },
          value: { hideInTable: false, responsive: undefined, render: (_, v) => <ValueCell v={v} masked="••••••" /> },
          updatedAt: { width: 170 },
        }}
        tableProps={{
          beforeSearchSubmit: (params: Record<string, unknown>) => {
            scope.current = typeof params.scope === 'string' ? params.scope : undefined;
            return params;
          },
        }}
        toolbar={() => [
          <Button
            key="create"
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setCreating(true)}
            data-testid="create-variable"
          >
            {t('resources.variables.create')}
          </Button>,
        ]}
      />
      {creating && (
        <React.Suspense fallback={null}>
          <ResourceFormModal
            resource={variableResource}
            api={variablesApi}
            {...variableFormProps}
            open
            onOpenChange={setCreating}
            onDone={(v) => history.push(`/admin/variable/${v.id}`)}
          />
        </React.Suspense>
      )}
    </PageContainer>
  );
}
