/**
 * /:app/import: pick one of the application's subjects, then the
 * import wizard (components/imports/ImportWizard); below, the application's import history with
 * undo. Editors, owners and administrators import; viewers see the history only, and are told that
 * their role does not allow importing (not a word about the subject's records).
 */
import { PageContainer } from '@ant-design/pro-components';
import { Alert, Card, Select, Space, Typography } from 'antd';
import React, { useState } from 'react';
import { useIntl, useModel } from 'umi';
import { appAccess } from '../../../access';
import { useAppSubjects } from '../../../components/fields';
import ImportHistory from '../../../components/imports/ImportHistory';
import ImportWizard from '../../../components/imports/ImportWizard';
import { useWorkspace } from '../useWorkspace';

export default function WorkspaceImportPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { app } = useWorkspace();
  const { initialState } = useModel('@@initialState');
  const { canEditRecords } = appAccess(app.myRole, initialState?.currentUser?.isAdmin === true);
  const subjects = useAppSubjects(app.slug);
  const [subject, setSubject] = useState<string | undefined>();
  const [refresh, setRefresh] = useState(0);
  return (
    <PageContainer title={t('imports.title')} subTitle={t('imports.admin.subtitle')}>
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        {canEditRecords ? (
          <Card size="small">
            <Space>
              <Typography.Text>{t('imports.pick.subject')}</Typography.Text>
              <Select
                style={{ width: 280 }}
                placeholder={t('imports.pick.hint')}
                loading={subjects.isLoading}
                value={subject}
                onChange={setSubject}
                options={(subjects.data ?? []).map((s) => ({ value: s.key, label: s.name }))}
                aria-label={t('imports.pick.subject')}
                data-testid="import-subject"
              />
            </Space>
          </Card>
        ) : (
          <Alert
            type="info"
            showIcon
            data-testid="import-viewer"
            message={intl.formatMessage({ id: 'imports.viewer.title' })}
            description={intl.formatMessage({ id: 'imports.viewer.body' })}
          />
        )}
        {canEditRecords && subject && <ImportWizard key={subject} app={app.slug} subjectKey={subject} onChanged={() => setRefresh((n) => n + 1)} />}
        <ImportHistory app={app.slug} refresh={refresh} canUndo={canEditRecords} />
      </Space>
    </PageContainer>
  );
}
