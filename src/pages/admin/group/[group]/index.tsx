/**
 * /admin/group/:group (Groups, docs/product.md "Platform"): one group — its details (the resource
 * kit's ResourceDetail), edit (ResourceFormModal) and delete to the recycle bin (the kit's
 * confirmed delete); beyond the definition, the application roles granted to the whole group
 * (add, change, remove; the detail's `grants`) and its members (paged; add with a user picker,
 * remove). Unknown groups show a 404 result.
 */
import { PageContainer } from '@ant-design/pro-components';
import { Button, Card } from 'antd';
import React from 'react';
import { history, useIntl, useParams } from 'umi';
import type { GroupDetail } from '../../../../../contracts';
import { groupResource } from '../../../../../contracts/groups.resource';
import ExceptionResult from '../../../../components/ExceptionResult';
import { useResourceDelete, useResourceDetail } from '../../../../components/resource/hooks';
import ResourceDetail from '../../../../components/resource/ResourceDetail';
import ResourceFormModal from '../../../../components/resource/ResourceFormModal';
import { ApiError } from '../../../../services/api-error';
import { groupsApi } from '../../../../services/groups';
import GroupGrants from './components/GroupGrants';
import GroupMembers from './components/GroupMembers';

export default function GroupPage() {
  const { group: id = '' } = useParams<{ group: string }>();
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: key });
  const query = useResourceDetail(groupsApi, id);
  const refresh = () => void query.refetch();
  const { remove, contextHolder } = useResourceDelete(groupsApi, () => history.push('/admin/group'));

  if (query.error) {
    const status = query.error instanceof ApiError ? query.error.status : 500;
    return <ExceptionResult code={status === 404 || status === 400 ? 404 : 500} />;
  }
  /** The group's read adds its grants (the server's `toDetail`). */
  const group = query.data as GroupDetail | undefined;

  return (
    <PageContainer
      loading={query.isLoading}
      title={group?.name}
      onBack={() => history.push('/admin/group')}
      extra={
        group && [
          <ResourceFormModal
            key="edit"
            resource={groupResource}
            api={groupsApi}
            row={group}
            trigger={<Button>{t('resource.edit')}</Button>}
          />,
          <Button key="delete" danger onClick={() => remove(group)}>
            {t('resource.delete')}
          </Button>,
        ]
      }
    >
      {contextHolder}
      {group && (
        <>
          <Card style={{ marginBottom: 16 }}>
            <ResourceDetail
              resource={groupResource}
              row={group}
              fields={['description', 'memberCount', 'grantCount', 'createdAt']}
              columns={{ description: { span: 3 } }}
            />
          </Card>
          <Card title={t('people.group.grantsTitle')} style={{ marginBottom: 16 }} data-testid="group-grants-card">
            <GroupGrants groupId={group.id} grants={group.grants} onChanged={refresh} />
          </Card>
          <Card title={t('people.group.membersTitle')} styles={{ body: { padding: 0 } }}>
            <GroupMembers groupId={group.id} onChanged={refresh} />
          </Card>
        </>
      )}
    </PageContainer>
  );
}
