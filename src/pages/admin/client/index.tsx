/**
 * /admin/client (Clients, docs/product.md "Data core"): the audited organisations in a ProTable with
 * server-side paging, sorting and search (keyword on code or name; status, industry and
 * application filters); create and edit in a modal (contacts list editor, linked applications);
 * export the filtered list as CSV or XLSX; delete to the recycle bin after a confirmation.
 * Administrators only (route access canAdmin); the API's reads are open to every signed-in user.
 */
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { PageContainer, ProTable, type ActionType } from '@ant-design/pro-components';
import { Button, Tooltip } from 'antd';
import React, { useRef } from 'react';
import { useIntl } from 'umi';
import type { Client, ClientStatus, ExportFormat } from '../../../../contracts';
import { CLIENT_EXPORT_MAX_ROWS } from '../../../../contracts/constants';
import { clientExportUrl, listClients, type ClientListParams } from '../../../services/clients';
import { sortParam } from '../../../services/users';
import { download } from '../../../utils/download';
import { clientColumns } from './columns';
import ClientFormModal from './components/ClientFormModal';
import { useClientActions } from './components/useClientActions';

type Filter = Omit<ClientListParams, 'current' | 'pageSize'>;

/** A trimmed non-empty string, else undefined. */
const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

export default function ClientsPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const action = useRef<ActionType>();
  const filter = useRef<Filter>({});
  const reload = () => void action.current?.reload();
  const { remove, contextHolder } = useClientActions(reload);

  const rowActions = (c: Client) => [
    <ClientFormModal key="edit" client={c} onDone={reload} trigger={<Button type="link" size="small">{t('people.edit')}</Button>} />,
    <Button key="delete" type="link" size="small" danger onClick={() => remove(c)} data-testid={`client-delete-${c.code}`}>
      {t('clients.delete')}
    </Button>,
  ];
  const exportButton = (format: ExportFormat) => (
    <Tooltip key={format} title={t('clients.export.hint', { max: CLIENT_EXPORT_MAX_ROWS })}>
      <Button icon={<DownloadOutlined />} onClick={() => download(clientExportUrl(format, filter.current))} data-testid={`client-export-${format}`}>
        {t(`clients.export.${format}`)}
      </Button>
    </Tooltip>
  );

  return (
    <PageContainer title={t('clients.title')} subTitle={t('clients.desc')}>
      {contextHolder}
      <div data-testid="clients-table">
        <ProTable<Client>
          rowKey="id"
          actionRef={action}
          columns={clientColumns(intl, rowActions)}
          search={{ labelWidth: 'auto' }}
          pagination={{ defaultPageSize: 20, showSizeChanger: true }}
          options={{ density: false, setting: false, reload: true }}
          locale={{ emptyText: t('clients.empty') }}
          request={async (params, sort) => {
            filter.current = {
              q: text(params.q),
              status: text(params.status) as ClientStatus | undefined,
              industry: text(params.industry),
              applicationId: text(params.applicationId),
              sort: sortParam(sort),
            };
            const res = await listClients({ current: params.current, pageSize: params.pageSize, ...filter.current });
            return { data: res.data, total: res.total, success: true };
          }}
          toolBarRender={() => [
            exportButton('csv'),
            exportButton('xlsx'),
            <ClientFormModal
              key="create"
              onDone={reload}
              trigger={
                <Button type="primary" icon={<PlusOutlined />} data-testid="client-create">
                  {t('clients.create')}
                </Button>
              }
            />,
          ]}
        />
      </div>
    </PageContainer>
  );
}
