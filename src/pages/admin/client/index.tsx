/**
 * /admin/client (Clients, docs/product.md "Data core"): the audited organisations on the resource
 * kit's table (server-side paging, sorting, keyword search on code or name, status, industry and
 * application filters, CSV/XLSX export of the filtered list, create, edit, delete to the recycle
 * bin after a confirmation). Beyond the definition: the industry filter offers those in use, the
 * application filter picks an application. Administrators only (route access canAdmin).
 */
import { PageContainer } from '@ant-design/pro-components';
import React from 'react';
import { useIntl } from 'umi';
import { clientResource } from '../../../../contracts/clients.resource';
import ResourceTable from '../../../components/resource/ResourceTable';
import { clientsApi, listClientIndustries } from '../../../services/clients';
import { ApplicationSelect } from '../group/components/pickers';
import { clientFormProps } from './components/clientForm';

const industryOptions = async () => (await listClientIndustries()).map((i) => ({ label: i, value: i }));

export default function ClientsPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <PageContainer title={t('clients.title')} subTitle={t('clients.desc')}>
      <ResourceTable
        resource={clientResource}
        api={clientsApi}
        detailPath={(c) => `/admin/client/${c.id}`}
        columns={{
          industry: { valueType: 'select', request: industryOptions, fieldProps: { showSearch: true } },
          applicationIds: { renderFormItem: () => <ApplicationSelect /> },
        }}
        form={clientFormProps}
      />
    </PageContainer>
  );
}
