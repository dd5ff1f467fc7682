/**
 * /admin/template/:template: one report template in the console (docs/report-templates.md): its
 * properties (application, subject, related lists, version, Word template), its versions and its
 * renders; a link to the editor in its application and delete after a confirmation.
 */
import { PageContainer } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, message, Popconfirm, Space, Spin, Tag } from 'antd';
import dayjs from 'dayjs';
import React from 'react';
import { history, Link, useParams } from 'umi';
import ExceptionResult from '../../../../components/ExceptionResult';
import { isUuid } from '../../../../services/ids';
import { docxUrl, getTemplate, removeTemplate } from '../../../../components/report-templates/api';
import TemplateRenders from '../../../../components/report-templates/TemplateRenders';
import TemplateVersions from '../../../../components/report-templates/TemplateVersions';
import { useT } from '../../../../components/useT';
import { ApiError, toApiError } from '../../../../services/api-error';

export default function TemplateDetailPage() {
  const { template: id = '' } = useParams<{ template: string }>();
  const t = useT();
  const wellFormed = isUuid(id);
  const query = useQuery({ queryKey: ['report-templates', 'detail', id], queryFn: ({ signal }) => getTemplate(id, signal), retry: false, enabled: wellFormed });
  if (!wellFormed) return <ExceptionResult code={404} />;
  if (query.error) {
    const status = query.error instanceof ApiError ? query.error.status : 500;
    return <ExceptionResult code={status === 404 || status === 400 ? 404 : status === 403 ? 403 : 500} />;
  }
  const tpl = query.data;
  if (!tpl)
    return (
      <PageContainer title={t('reportTemplates.title')}>
        <Spin />
      </PageContainer>
    );
  const remove = async () => {
    try {
      await removeTemplate(tpl.id);
      message.success(t('reportTemplates.deleted'));
      history.push('/admin/template');
    } catch (err) {
      message.error(toApiError(err).message);
    }
  };
  return (
    <PageContainer
      title={tpl.name}
      subTitle={<Tag color="blue">v{tpl.version}</Tag>}
      onBack={() => history.push('/admin/template')}
      extra={
        <Space>
          <Button type="primary" onClick={() => history.push(`/${tpl.application}/report_template/${tpl.id}`)} data-testid="template-open-editor">
            {t('reportTemplates.open')}
          </Button>
          <Popconfirm title={t('reportTemplates.delete.confirm', { name: tpl.name })} description={t('reportTemplates.delete.desc')} onConfirm={remove}>
            <Button danger>{t('reportTemplates.delete')}</Button>
          </Popconfirm>
        </Space>
      }
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Card title={t('reportTemplates.detail.properties')} data-testid="template-properties">
          <Descriptions column={{ xs: 1, md: 2 }}>
            <Descriptions.Item label={t('reportTemplates.col.application')}>
              <Link to={`/${tpl.application}`}>{`${tpl.applicationName} (${tpl.application})`}</Link>
            </Descriptions.Item>
            <Descriptions.Item label={t('reportTemplates.col.subject')}>{tpl.subjectName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('reportTemplates.detail.relations')}>
              {tpl.binding.relations.length ? tpl.binding.relations.map((r) => <Tag key={r}>{r}</Tag>) : t('reportTemplates.detail.none')}
            </Descriptions.Item>
            <Descriptions.Item label={t('reportTemplates.col.docx')}>
              {tpl.docxFileName ? <a href={docxUrl(tpl.id)}>{tpl.docxFileName}</a> : t('reportTemplates.editor.docxNone')}
            </Descriptions.Item>
            <Descriptions.Item label={t('reportTemplates.detail.createdAt')}>{dayjs(tpl.createdAt).format('YYYY-MM-DD HH:mm')}</Descriptions.Item>
            <Descriptions.Item label={t('reportTemplates.col.updatedAt')}>{dayjs(tpl.updatedAt).format('YYYY-MM-DD HH:mm')}</Descriptions.Item>
            <Descriptions.Item label={t('reportTemplates.detail.description')} span={2}>
              {tpl.description || '—'}
            </Descriptions.Item>
          </Descriptions>
        </Card>
        <Card title={t('reportTemplates.detail.versions')}>
          <TemplateVersions id={tpl.id} version={tpl.version} />
        </Card>
        <Card title={t('reportTemplates.detail.renders')}>
          <TemplateRenders id={tpl.id} />
        </Card>
      </Space>
    </PageContainer>
  );
}
