/**
 * /admin/import: administrators pick an application and one of its
 * subjects, then the import wizard (components/imports/ImportWizard); below, the import history of
 * every application with undo.
 */
import { PageContainer } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { Card, Select, Space, Typography } from 'antd';
import React, { useState } from 'react';
import { useIntl } from 'umi';
import { useAppSubjects } from '../../../components/fields';
import ImportHistory from '../../../components/imports/ImportHistory';
import ImportWizard from '../../../components/imports/ImportWizard';
import { listApplications } from '../../../services/applications';
import { keys } from '../../../services/query-keys';

export default function AdminImportPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [app, setApp] = useState<string | undefined>();
  const [subject, setSubject] = useState<string | undefined>();
  const [refresh, setRefresh] = useState(0);
  const apps = useQuery({ queryKey: keys('applications').list({ current: 1, pageSize: 100 }), queryFn: () => listApplications({ current: 1, pageSize: 100 }) });
  const subjects = useAppSubjects(app ?? '');
  return (
    <PageContainer title={t('imports.title')} subTitle={t('imports.admin.subtitle')}>
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Card size="small">
          <Space wrap>
            <Typography.Text>{t('imports.pick.application')}</Typography.Text>
            <Select
              showSearch
              optionFilterProp="label"
              style={{ width: 240 }}
              loading={apps.isLoading}
              value={app}
              onChange={(v: string) => {
                setApp(v);
                setSubject(undefined);
              }}
              options={(apps.data?.data ?? []).map((a) => ({ value: a.slug, label: a.name }))}
              aria-label={t('imports.pick.application')}
              data-testid="import-application"
            />
            <Typography.Text>{t('imports.pick.subject')}</Typography.Text>
            <Select
              style={{ width: 240 }}
              placeholder={t('imports.pick.hint')}
              disabled={!app}
              loading={subjects.isLoading}
              value={subject}
              onChange={setSubject}
              options={(subjects.data ?? []).map((s) => ({ value: s.key, label: s.name }))}
              aria-label={t('imports.pick.subject')}
              data-testid="import-subject"
            />
          </Space>
        </Card>
        {app && subject && <ImportWizard key={`${app}/${subject}`} app={app} subjectKey={subject} onChanged={() => setRefresh((n) => n + 1)} />}
        <ImportHistory refresh={refresh} />
      </Space>
    </PageContainer>
  );
}
