/**
 * /admin/group/:group (Groups, docs/product.md "Platform"): one group — name and description (edit),
 * its members (paged; add with a user picker, remove) and the application roles granted to the
 * whole group (add, change, remove); delete to the recycle bin. Unknown groups show a 404 result.
 */
import { PageContainer, ProDescriptions } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, message, Modal } from 'antd';
import React from 'react';
import { history, useIntl, useParams } from 'umi';
import ExceptionResult from '../../../../components/ExceptionResult';
import { ApiError } from '../../../../services/api-error';
import { getGroup, removeGroup } from '../../../../services/groups';
import GroupFormModal from '../components/GroupFormModal';
import GroupGrants from './components/GroupGrants';
import GroupMembers from './components/GroupMembers';
import { keys } from '../../../../services/query-keys';

export default function GroupPage() {
  const { group: id = '' } = useParams<{ group: string }>();
  const intl = useIntl();
  const t = (key: string, v?: Record<string, string>) => intl.formatMessage({ id: key }, v);
  const query = useQuery({ queryKey: keys('groups').detail(id), queryFn: () => getGroup(id) });
  const refresh = () => void query.refetch();
  const [modal, modalHolder] = Modal.useModal();

  if (query.error) {
    const status = query.error instanceof ApiError ? query.error.status : 500;
    return <ExceptionResult code={status === 404 || status === 400 ? 404 : 500} />;
  }
  const group = query.data;

  const confirmDelete = () =>
    group &&
    modal.confirm({
      title: t('people.group.delete.confirm', { name: group.name }),
      content: t('people.group.delete.desc'),
      okText: t('people.delete'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await removeGroup(group.id);
          message.success(t('people.group.deleted', { name: group.name }));
          history.push('/admin/group');
        } catch (e) {
          message.error(e instanceof Error ? e.message : String(e));
        }
      },
    });

  return (
    <PageContainer
      loading={query.isLoading}
      title={group?.name}
      onBack={() => history.push('/admin/group')}
      extra={
        group && [
          <GroupFormModal key="edit" group={group} onDone={refresh} trigger={<Button>{t('people.edit')}</Button>} />,
          <Button key="delete" danger onClick={confirmDelete}>
            {t('people.delete')}
          </Button>,
        ]
      }
    >
      {modalHolder}
      {group && (
        <>
          <Card style={{ marginBottom: 16 }}>
            <ProDescriptions column={{ xs: 1, sm: 2, lg: 3 }} dataSource={group}>
              <ProDescriptions.Item label={t('people.group.description')} dataIndex="description" span={3} />
              <ProDescriptions.Item label={t('people.group.members')} dataIndex="memberCount" />
              <ProDescriptions.Item label={t('people.group.grants')} dataIndex="grantCount" />
              <ProDescriptions.Item label={t('common.createdAt')} dataIndex="createdAt" valueType="dateTime" />
            </ProDescriptions>
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
