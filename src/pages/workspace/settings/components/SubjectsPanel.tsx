/**
 * The "Subjects" tab of `/{app}/settings` (Subjects and fields): the application's
 * subjects, each opening its records at `/{app}/{key}`. Owners and administrators also create
 * subjects here and edit a chosen subject's schema with the same SchemaEditor as
 * `/admin/subject/:subject/edit` (the server checks the role again: owner or administrator).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Empty, List, Space, Typography } from 'antd';
import React, { useState } from 'react';
import { Link, useIntl } from 'umi';
import CreateSubjectModal from '../../../../components/subject/CreateSubjectModal';
import SchemaEditor from '../../../../components/subject/SchemaEditor';
import { listAppSubjects } from '../../../../services/subjects';
import { keys } from '../../../../services/query-keys';

export default function SubjectsPanel({ slug, canManage }: { slug: string; canManage: boolean }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<string | null>(null);
  const subjects = useQuery({
    queryKey: keys('subjects').list({ app: slug, pageSize: 100 }),
    queryFn: () => listAppSubjects(slug, { pageSize: 100 }),
  });
  const items = subjects.data?.data ?? [];
  return (
    <div data-testid="settings-subjects">
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        {canManage ? (
          <CreateSubjectModal
            application={slug}
            onCreated={(s) => {
              void queryClient.invalidateQueries({ queryKey: keys('subjects').all });
              setEditing(s.key);
            }}
          />
        ) : (
          <Typography.Paragraph type="secondary">{t('appSettings.subjects.readOnly')}</Typography.Paragraph>
        )}
        <List
          bordered
          loading={subjects.isLoading}
          dataSource={items}
          locale={{ emptyText: <Empty description={t(canManage ? 'appSettings.subjects.emptyOwner' : 'appSettings.subjects.empty')} /> }}
          renderItem={(s) => (
            <List.Item
              data-testid={`settings-subject-${s.key}`}
              actions={[
                <Link key="open" to={`/${encodeURIComponent(slug)}/${encodeURIComponent(s.key)}`}>
                  {t('appSettings.subjects.open')}
                </Link>,
                ...(canManage
                  ? [
                      <Typography.Link key="edit" onClick={() => setEditing(editing === s.key ? null : s.key)} data-testid={`settings-subject-edit-${s.key}`}>
                        {t(editing === s.key ? 'appSettings.subjects.close' : 'appSettings.subjects.edit')}
                      </Typography.Link>,
                    ]
                  : []),
              ]}
            >
              <List.Item.Meta title={s.name} description={`${s.key} · ${s.fieldCount} / ${s.recordCount}`} />
            </List.Item>
          )}
        />
        {canManage && editing ? (
          <Card title={items.find((s) => s.key === editing)?.name ?? editing} size="small">
            <SchemaEditor app={slug} subject={editing} />
          </Card>
        ) : null}
      </Space>
    </div>
  );
}
