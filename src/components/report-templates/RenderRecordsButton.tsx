/**
 * "Render a report" over records (docs/report-templates.md "Rendering"): a dropdown of the report
 * templates bound to the subject; choosing one asks for the format (PDF only where the server has
 * Chromium, DOCX only when the template has a Word file, each disabled with its reason) and queues
 * one render of the records (POST /report-templates/:id/render, at most RENDER_RECORDS_MAX: one
 * record → its file, several → one ZIP), then links to the template's page, whose renders table
 * shows the task's progress and the stored document. Used by the grid's selection bar; renders
 * nothing when the subject has no template.
 */
import { FilePdfOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Dropdown, Modal, Radio, Space, Tooltip, Typography, message } from 'antd';
import React, { useState } from 'react';
import { history } from 'umi';
import type { ReportTemplate } from '../../../contracts';
import { REPORT_FORMATS, RENDER_RECORDS_MAX } from '../../../contracts/report-templates.constants';
import { toApiError } from '../../services/api-error';
import { useT } from '../useT';
import { getPdfAvailability, listAppTemplates, startRender } from './api';

type Format = (typeof REPORT_FORMATS)[number];

export default function RenderRecordsButton({ app, subjectId, recordIds }: { app: string; subjectId: string; recordIds: string[] }) {
  const t = useT();
  const templates = useQuery({
    queryKey: ['report-templates', 'of-subject', app, subjectId],
    queryFn: () => listAppTemplates(app, { subjectId, pageSize: 100 }),
  });
  const pdf = useQuery({ queryKey: ['report-templates', 'pdf-availability'], queryFn: getPdfAvailability, staleTime: 60_000 });
  const [chosen, setChosen] = useState<ReportTemplate | null>(null);
  const [format, setFormat] = useState<Format>('html');
  const [busy, setBusy] = useState(false);
  const list = templates.data?.data ?? [];
  if (list.length === 0) return null;
  const tooMany = recordIds.length > RENDER_RECORDS_MAX;
  const reasonOf = (f: Format): string | null => {
    if (f === 'pdf' && pdf.data && !pdf.data.available) return t('reportTemplates.renderRecords.noPdf', { install: pdf.data.install ?? '' });
    if (f === 'docx' && !chosen?.docxSha256) return t('reportTemplates.render.noDocx');
    return null;
  };
  const submit = async () => {
    if (!chosen) return;
    setBusy(true);
    try {
      await startRender(chosen.id, { format, recordIds });
      const id = chosen.id;
      setChosen(null);
      message.success({ content: t('reportTemplates.renderRecords.started', { n: recordIds.length, format: format.toUpperCase() }), onClick: () => history.push(`/${app}/report_template/${id}`) });
    } catch (err) {
      message.error(toApiError(err).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Dropdown
        disabled={recordIds.length === 0 || tooMany}
        menu={{
          items: list.map((tpl) => ({ key: tpl.id, label: tpl.name })),
          onClick: ({ key }) => {
            setChosen(list.find((x) => x.id === key) ?? null);
            setFormat('html');
          },
        }}
      >
        <Tooltip title={tooMany ? t('reportTemplates.renderRecords.tooMany', { max: RENDER_RECORDS_MAX }) : undefined}>
          <Button size="small" type="link" icon={<FilePdfOutlined />} data-testid="render-records">
            {t('reportTemplates.renderRecords.button')}
          </Button>
        </Tooltip>
      </Dropdown>
      <Modal
        open={chosen !== null}
        title={chosen ? t('reportTemplates.renderRecords.title', { name: chosen.name }) : ''}
        okText={t('reportTemplates.render.title')}
        onOk={() => void submit()}
        okButtonProps={{ loading: busy, disabled: reasonOf(format) !== null }}
        onCancel={() => setChosen(null)}
        destroyOnHidden
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text type="secondary">
            {t(recordIds.length === 1 ? 'reportTemplates.renderRecords.one' : 'reportTemplates.renderRecords.zip', { n: recordIds.length })}
          </Typography.Text>
          <Radio.Group value={format} onChange={(e) => setFormat(e.target.value as Format)} data-testid="render-records-format">
            {REPORT_FORMATS.map((f) => {
              const reason = reasonOf(f);
              return (
                <Tooltip key={f} title={reason}>
                  <Radio.Button value={f} disabled={reason !== null}>
                    {f.toUpperCase()}
                  </Radio.Button>
                </Tooltip>
              );
            })}
          </Radio.Group>
        </Space>
      </Modal>
    </>
  );
}
