/**
 * /admin/record (Records, docs/product.md "Data core"): administrators pick an application, then one of
 * its subjects, and get the same RecordGrid as the workspace (every write allowed: administrators
 * pass every application check). The choice lives in the URL (`?app=&subject=`), so reloads and
 * the back button keep it; records open at `/admin/record/:record`.
 */
import { PageContainer } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Form, Select, Space } from 'antd';
import React, { useCallback } from 'react';
import { useIntl, useSearchParams } from 'umi';
import RecordGrid from '../../../components/records/RecordGrid';
import RouteDataResult from '../../../components/RouteDataResult';
import { getSubject, listAppSubjectOptions } from '../../../services/subjects';
import { ApplicationSelect } from '../group/components/pickers';
import { keys } from '../../../services/query-keys';

export default function AdminRecordsPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [params, setParams] = useSearchParams();
  const app = params.get('app') ?? '';
  const subjectKey = params.get('subject') ?? '';
  const subjects = useQuery({ queryKey: keys('subjects').options({ app }), queryFn: () => listAppSubjectOptions(app), enabled: !!app });
  const subject = useQuery({
    queryKey: keys('subjects').detail(app, subjectKey),
    queryFn: ({ signal }) => getSubject(app, subjectKey, signal),
    enabled: !!app && !!subjectKey,
  });
  const recordHref = useCallback((id: string) => `/admin/record/${id}`, []);
  const relatedHref = useCallback((_target: string | undefined, id: string) => `/admin/record/${id}`, []);
  const choose = (next: { app?: string; subject?: string }) => {
    const p = new URLSearchParams();
    if (next.app) p.set('app', next.app);
    if (next.subject) p.set('subject', next.subject);
    setParams(p);
  };

  return (
    <PageContainer title={t('records.admin.title')} subTitle={t('records.admin.desc')}>
      <Card size="small" style={{ marginBottom: 16 }}>
        <Form name="record" layout="inline">
          <Space wrap>
            <Form.Item label={t('records.admin.pickApp')} htmlFor="records-app">
              <ApplicationSelect
                id="records-app"
                bySlug
                value={app || undefined}
                onChange={(slug) => choose({ app: slug })}
                testId="records-app-select"
              />
            </Form.Item>
            <Form.Item label={t('records.admin.pickSubject')} htmlFor="records-subject">
              <Select<string>
                id="records-subject"
                showSearch
                optionFilterProp="label"
                style={{ minWidth: 240 }}
                disabled={!app}
                loading={subjects.isFetching}
                value={subjectKey || undefined}
                placeholder={t('records.admin.pickSubject')}
                notFoundContent={subjects.isSuccess ? t('records.admin.noSubjects') : undefined}
                options={(subjects.data ?? []).map((s) => ({ value: s.key, label: `${s.name} (${s.key})` }))}
                onChange={(key) => choose({ app, subject: key })}
                data-testid="records-subject-select"
              />
            </Form.Item>
          </Space>
        </Form>
      </Card>
      {!app || !subjectKey ? (
        <Card>
          <Empty
            description={
              app && subjects.isSuccess && subjects.data.length === 0 ? t('records.admin.noSubjects') : t('records.admin.hint')
            }
          />
        </Card>
      ) : (
        <RouteDataResult query={subject}>
          {(s) => (
            <RecordGrid key={`${app}/${s.key}`} app={app} subject={s} canEdit recordHref={recordHref} relatedHref={relatedHref} />
          )}
        </RouteDataResult>
      )}
    </PageContainer>
  );
}
