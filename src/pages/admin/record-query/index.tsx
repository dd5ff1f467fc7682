/**
 * /admin/record-query (docs/product.md "Records"): a query builder over one
 * subject and its relations (columns through relation fields, filter, up to 5 sorts, quick
 * search). Run shows the rows in a server-paged grid; the query can be saved under a name, and
 * the saved ones are listed (search, paging) to open, rename or delete (recycle bin). Export
 * downloads the whole result as CSV or XLSX: a saved, unchanged query by id, anything else by its
 * definition. The server's 400 details (`definition.columns.3`…) are shown beside the builder.
 * Administrators only (the console's canAdmin).
 */
import { DownloadOutlined, FileAddOutlined, PlayCircleOutlined, SaveOutlined } from '@ant-design/icons';
import { PageContainer } from '@ant-design/pro-components';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Dropdown, Empty, message, Row, Space, Tag } from 'antd';
import React, { useCallback, useEffect, useState } from 'react';
import { useIntl } from 'umi';
import type { RecordQueryDefinition, SavedQuery } from '../../../../contracts';
import { exportRecordQuery, updateSavedQuery, type QueryExportFormat } from '../../../services/recordQueries';
import { resolveColumn } from './columns';
import ErrorDetails from './components/ErrorDetails';
import QueryBuilder from './components/QueryBuilder';
import ResultGrid from './components/ResultGrid';
import SavedQueries, { SAVED_QUERIES_KEY } from './components/SavedQueries';
import SaveQueryModal from './components/SaveQueryModal';
import { useQueryBuilder } from './useQueryBuilder';

export default function RecordQueryPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const queryClient = useQueryClient();
  const b = useQueryBuilder();
  const { subject, targets, systemNames, definition, loaded } = b;
  const [error, setError] = useState<unknown>(null);
  const [ran, setRan] = useState<{ definition: RecordQueryDefinition; runKey: number } | null>(null);
  const [runOnLoad, setRunOnLoad] = useState(b.openedFromUrl);
  const [exporting, setExporting] = useState<QueryExportFormat | null>(null);

  const resolve = useCallback(
    (key: string) => (subject ? resolveColumn(key, subject, targets, systemNames) : null),
    [subject, targets, systemNames],
  );
  const run = useCallback(() => {
    if (!definition) return;
    setError(null);
    setRan({ definition, runKey: Date.now() });
  }, [definition]);

  // A different subject: the last result no longer fits the builder.
  useEffect(() => {
    if (ran && ran.definition.subjectId !== subject?.id) setRan(null);
  }, [ran, subject?.id]);
  // A saved query opened (from the list or the URL): run it once its subject has loaded.
  useEffect(() => {
    if (runOnLoad && b.targetsReady && definition && loaded && definition.subjectId === loaded.subjectId) {
      setRunOnLoad(false);
      run();
    }
  }, [runOnLoad, b.targetsReady, definition, loaded, run]);

  const open = (q: SavedQuery) => {
    setError(null);
    setRan(null);
    setRunOnLoad(true);
    void b.load(q);
  };
  const refreshList = () => queryClient.invalidateQueries({ queryKey: SAVED_QUERIES_KEY });
  const afterSave = (saved: SavedQuery) => {
    setError(null);
    b.attach(saved);
    void refreshList();
  };
  const saveChanges = async () => {
    if (!loaded || !definition) return;
    try {
      afterSave(await updateSavedQuery(loaded.id, { definition }));
      message.success(t('recordQuery.saved', { name: loaded.name }));
    } catch (e) {
      setError(e);
      message.error(e instanceof Error ? e.message : String(e));
    }
  };
  const doExport = async (format: QueryExportFormat) => {
    if (!definition) return;
    setExporting(format);
    try {
      const name = await exportRecordQuery(loaded && !b.dirty ? { id: loaded.id } : { definition, name: loaded?.name ?? subject?.name }, format);
      message.success(t('recordQuery.exported', { name }));
    } catch (e) {
      setError(e);
      message.error(e instanceof Error ? e.message : String(e));
    } finally {
      setExporting(null);
    }
  };

  const saveAsButton = (
    <SaveQueryModal
      key="saveAs"
      definition={definition}
      onDone={afterSave}
      onDefinitionError={setError}
      trigger={
        <Button icon={<FileAddOutlined />} disabled={!definition} data-testid="save-query-as">
          {t(loaded ? 'recordQuery.saveAsNew' : 'recordQuery.save')}
        </Button>
      }
    />
  );
  const actions = (
    <Space wrap data-testid="query-actions">
      <Button type="primary" icon={<PlayCircleOutlined />} disabled={!definition} onClick={run} data-testid="run-query">
        {t('recordQuery.run')}
      </Button>
      {loaded && (
        <Button icon={<SaveOutlined />} disabled={!definition || !b.dirty} onClick={() => void saveChanges()} data-testid="save-query">
          {t('recordQuery.saveChanges')}
        </Button>
      )}
      {saveAsButton}
      <Dropdown
        disabled={!definition || exporting !== null}
        menu={{
          items: (['csv', 'xlsx'] as const).map((f) => ({ key: f, label: t(`recordQuery.export.${f}`), 'data-testid': `export-${f}` })),
          onClick: ({ key }) => void doExport(key as QueryExportFormat),
        }}
      >
        <Button icon={<DownloadOutlined />} loading={exporting !== null} data-testid="export-query">
          {t('recordQuery.export')}
        </Button>
      </Dropdown>
    </Space>
  );

  return (
    <PageContainer
      title={t('recordQuery.title')}
      subTitle={t('recordQuery.subtitle')}
      extra={
        <Button onClick={() => (setRan(null), setError(null), b.reset())} data-testid="new-query">
          {t('recordQuery.new')}
        </Button>
      }
    >
      <Row gutter={[16, 16]} data-testid="record-query-page">
        <Col xs={24} lg={7} xxl={6}>
          <SavedQueries
            activeId={loaded?.id}
            onOpen={open}
            onChanged={(q, deleted) => {
              if (loaded?.id !== q.id) return;
              if (deleted) b.detach();
              else b.attach(q);
            }}
          />
        </Col>
        <Col xs={24} lg={17} xxl={18}>
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <Card
              title={
                <Space>
                  {loaded ? loaded.name : t('recordQuery.unsaved')}
                  {loaded && b.dirty && <Tag color="orange">{t('recordQuery.modified')}</Tag>}
                </Space>
              }
              extra={actions}
              data-testid="query-card"
            >
              {b.initialError && <Alert type="warning" showIcon message={t('recordQuery.openFailed')} style={{ marginBottom: 16 }} />}
              <ErrorDetails error={error} definition={ran?.definition ?? definition} titleOf={(k) => resolve(k)?.title ?? k} onClose={() => setError(null)} />
              <div style={{ marginTop: error ? 16 : 0 }}>
                <QueryBuilder b={b} />
              </div>
            </Card>
            {ran && b.app ? (
              <ResultGrid
                app={b.app}
                subjectKey={b.subjectKey}
                definition={ran.definition}
                runKey={ran.runKey}
                resolve={resolve}
                onError={setError}
                onSuccess={() => setError(null)}
              />
            ) : (
              <Card>
                <Empty description={t(definition ? 'recordQuery.results.notRun' : 'recordQuery.results.build')} data-testid="results-placeholder" />
              </Card>
            )}
          </Space>
        </Col>
      </Row>
    </PageContainer>
  );
}
