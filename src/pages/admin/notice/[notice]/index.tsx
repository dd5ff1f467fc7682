/**
 * `/admin/notice/:notice` (docs/routes.txt): `new` creates an announcement, an id edits one
 * (NoticeForm), with a preview of the body as the server stored it — sanitised — and the audience,
 * status and read count. A message (kind 'message') is shown read-only (messages are not edited).
 */
import { ArrowLeftOutlined } from '@ant-design/icons';
import { PageContainer, ProDescriptions } from '@ant-design/pro-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Result, Row, Tag } from 'antd';
import React from 'react';
import { history, useIntl, useParams } from 'umi';
import type { AdminNotice } from '../../../../../contracts';
import Loading from '../../../../loading';
import { NoticeBody } from '../../../../components/NoticeBellReader';
import { getNotice } from '../../../../services/notices';
import { AudienceTags, windowText } from '../columns';
import NoticeForm from '../components/NoticeForm';
import { keys } from '../../../../services/query-keys';

export default function NoticeDetail() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { notice: id = 'new' } = useParams<{ notice: string }>();
  const isNew = id === 'new';
  const queryClient = useQueryClient();
  const key = keys('notices').detail(id);
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => getNotice(id, signal), enabled: !isNew });
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => history.push('/admin/notice')}>
      {t('notices.form.back')}
    </Button>
  );

  if (!isNew && query.isPending) return <Loading />;
  if (!isNew && query.error)
    return (
      <div data-testid="exception-404">
        <Result status="404" title={t('notices.form.notFound')} extra={back} />
      </div>
    );
  const notice = query.data;
  const onSaved = (saved: AdminNotice) => {
    queryClient.setQueryData(keys('notices').detail(saved.id), saved);
    void queryClient.invalidateQueries({ queryKey: keys('notices').all });
    if (isNew) history.replace(`/admin/notice/${saved.id}`);
  };
  const title = isNew
    ? t('notices.form.createTitle')
    : notice?.kind === 'message'
      ? t('notices.form.messageTitle')
      : t('notices.form.editTitle');

  return (
    <PageContainer title={title} extra={back}>
      <Row gutter={16}>
        <Col xs={24} xl={14}>
          <Card>
            {notice?.kind === 'message' ? (
              <>
                <Alert type="info" showIcon message={t('notices.form.messageReadonly')} style={{ marginBottom: 16 }} />
                <h3>{notice.title}</h3>
                <NoticeBody html={notice.body} />
              </>
            ) : (
              <NoticeForm key={notice?.id ?? 'new'} notice={notice} onSaved={onSaved} />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          {notice && (
            <Card style={{ marginBottom: 16 }}>
              <ProDescriptions<AdminNotice> column={1} dataSource={notice}>
                <ProDescriptions.Item label={t('notices.field.status')}>
                  <Tag>{t(`notices.status.${notice.status}`)}</Tag>
                </ProDescriptions.Item>
                <ProDescriptions.Item label={t('notices.field.audience')}>
                  <AudienceTags notice={notice} t={t} />
                </ProDescriptions.Item>
                <ProDescriptions.Item label={t('notices.field.window')}>
                  {windowText(notice, t, intl.locale)}
                </ProDescriptions.Item>
                <ProDescriptions.Item label={t('notices.field.readCount')}>{notice.readCount}</ProDescriptions.Item>
              </ProDescriptions>
            </Card>
          )}
          <Card title={t('notices.form.preview')} data-testid="notice-preview">
            {notice?.body ? (
              <NoticeBody html={notice.body} />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notices.form.previewEmpty')} />
            )}
          </Card>
        </Col>
      </Row>
    </PageContainer>
  );
}
