/**
 * /admin/group (Groups, docs/product.md "Platform"): the live groups on the resource kit's table
 * (server-side paging, sorting by name, members or creation, search on name or description; edit
 * in the kit's dialog; delete to the recycle bin after a confirmation, members and grants come back
 * with a restore). Beyond the definition: a new group opens its page (where members and grants
 * are added), so the create button is the page's own, with the kit's dialog.
 */
import { PlusOutlined } from '@ant-design/icons';
import { PageContainer } from '@ant-design/pro-components';
import { Button } from 'antd';
import React, { useState } from 'react';
import { history, useIntl } from 'umi';
import { groupResource, type GroupResource } from '../../../../contracts/groups.resource';
import type { ResourceFormModalProps } from '../../../components/resource/ResourceFormModal';
import ResourceTable from '../../../components/resource/ResourceTable';
import { groupsApi } from '../../../services/groups';

/** The dialog loads when first opened (as the kit's own). */
const ResourceFormModal = React.lazy(() => import('../../../components/resource/ResourceFormModal')) as unknown as (
  props: ResourceFormModalProps<GroupResource>,
) => React.ReactElement;

export default function GroupsPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [creating, setCreating] = useState(false);
  return (
    <PageContainer title={t('people.groups')} subTitle={t('people.groups.desc')}>
      <ResourceTable
        resource={groupResource}
        api={groupsApi}
        detailPath={(g) => `/admin/group/${g.id}`}
        timestamps={['createdAt']}
        columns={{ memberCount: { width: 120 }, grantCount: { width: 140 } }}
        create={false}
        toolbar={() => [
          <Button
            key="create"
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setCreating(true)}
            data-testid="create-group"
          >
            {t('resources.groups.create')}
          </Button>,
        ]}
      />
      {creating && (
        <React.Suspense fallback={null}>
          <ResourceFormModal
            resource={groupResource}
            api={groupsApi}
            open
            onOpenChange={setCreating}
            onDone={(g) => history.push(`/admin/group/${g.id}`)}
          />
        </React.Suspense>
      )}
    </PageContainer>
  );
}
