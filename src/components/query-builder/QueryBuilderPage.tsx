/**
 * The query builder of one application (`/:app/query`, and `/admin/query` with its application
 * picker; docs/queries.md): the saved queries beside the builder (BuilderForm), Run (and
 * Ctrl/Cmd+Enter) through POST …/queries/run, the result (ResultPanel) with drill through, exports,
 * save / save as / versions / delete; the open saved query is in the address (`?query=<id>`). A
 * refused run keeps what was typed and names the part the
 * server's 400 points at; 422 (too costly, timed out) shows the server's message.
 */
import { FileAddOutlined, HistoryOutlined, PlayCircleOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Empty, message, Row, Space, Tag } from 'antd';
import React, { useCallback, useEffect, useRef, useState } from 'react';
import type { AnalyticsQueryDefinition, ModuleSavedQuery, QueryResult, QueryVisualization } from '../../../contracts';
import { ApiError } from '../../services/api-error';
import { useSearchParams } from 'umi';
import { exportQuery, getQuery, runQuery } from '../../services/queries';
import type { QueryExportFormat } from '../../services/recordQueries';
import { useT } from '../useT';
import BuilderForm from './BuilderForm';
import ErrorAlert from './ErrorAlert';
import { errorPlace } from './model';
import ResultPanel from './ResultPanel';
import SavedQueriesPanel, { SAVED_KEY } from './SavedQueriesPanel';
import SaveQueryModal from './SaveQueryModal';
import { useQueryBuilder } from './useQueryBuilder';
import VersionsDrawer from './VersionsDrawer';

interface Props {
  /** The application's slug; none yet (the admin page before one is picked). */
  app: string | undefined;
  /** Whether the caller may save new queries (an editor of the application or more; the server checks again). Default true. */
  canSave?: boolean;
}

const TABLE: QueryVisualization = { display: 'table' };

export default function QueryBuilderPage({ app, canSave: mayCreate = true }: Props) {
  const t = useT();
  const queryClient = useQueryClient();
  const b = useQueryBuilder(app);
  const [error, setError] = useState<unknown>(null);
  const [running, setRunning] = useState(false);
  const [ran, setRan] = useState<{ result: QueryResult; definition: AnalyticsQueryDefinition } | null>(null);
  const [visualization, setVisualization] = useState<QueryVisualization>(TABLE);
  const [drill, setDrill] = useState<Record<string, unknown> | null>(null);
  const [versionsOf, setVersionsOf] = useState<ModuleSavedQuery | null>(null);
  const [exporting, setExporting] = useState(false);
  const [runOnLoad, setRunOnLoad] = useState(false);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    setRan(null);
    setError(null);
    setVisualization(TABLE);
  }, [app]);

  const run = useCallback(async () => {
    if (!app || !b.definition) return;
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    const definition = b.definition;
    setRunning(true);
    setError(null);
    try {
      const result = await runQuery(app, definition, {}, controller.signal);
      setRan({ result, definition });
    } catch (e) {
      if (!controller.signal.aborted) setError(e);
    } finally {
      if (abort.current === controller) setRunning(false);
    }
  }, [app, b.definition]);

  // A saved query opened: run it once its subject's fields are in.
  useEffect(() => {
    if (runOnLoad && b.base && b.definition) {
      setRunOnLoad(false);
      void run();
    }
  }, [runOnLoad, b.base, b.definition, run]);

  const open = (q: ModuleSavedQuery) => {
    b.load(q);
    setVisualization(q.visualization ?? TABLE);
    setRan(null);
    setError(null);
    setRunOnLoad(true);
  };

  // The address names the open saved query (`?query=<id>`), so it can be bookmarked or shared
  // with another member; opening such an address opens (and runs) that query.
  const [search, setSearch] = useSearchParams();
  const linked = search.get('query');
  const opening = useRef<string | null>(null);
  useEffect(() => {
    if (!app || !linked || linked === b.loaded?.id || opening.current === linked) return;
    opening.current = linked;
    getQuery(app, linked).then(
      (q) => {
        if (opening.current === linked) open(q);
      },
      (e) => setError(e),
    );
    // opens the link once per id
  }, [app, linked]);
  const loadedId = b.loaded?.id ?? null;
  useEffect(() => {
    if (opening.current && opening.current === linked && loadedId === null) return; // the link is being opened
    opening.current = null;
    if ((linked ?? null) === loadedId) return;
    const next = new URLSearchParams(search);
    if (loadedId) next.set('query', loadedId);
    else next.delete('query');
    setSearch(next, { replace: true });
    // follows the open query only
  }, [loadedId]);

  const afterSave = (q: ModuleSavedQuery) => {
    b.setLoaded(q);
    setError(null);
    void queryClient.invalidateQueries({ queryKey: SAVED_KEY });
  };
  const doExport = async (format: QueryExportFormat) => {
    if (!app || !ran) return;
    setExporting(true);
    try {
      const name = await exportQuery(app, ran.definition, format, b.loaded?.name ?? b.base?.name);
      message.success(t('queries.exported', { name }));
    } catch (e) {
      setError(e);
    } finally {
      setExporting(false);
    }
  };

  const bad = (part: string, index: number) =>
    error instanceof ApiError &&
    error.details.some((d) => {
      const p = errorPlace(d.field);
      return !!p && p.part === part && (index < 0 || p.index === index);
    });

  if (!app) return null;
  const canSave = !!b.definition;
  const fileName = b.loaded?.name ?? b.base?.key ?? 'query';

  return (
    <Row gutter={[16, 16]} data-testid="query-builder-page">
      <Col xs={24} lg={7} xxl={6}>
        <SavedQueriesPanel
          app={app}
          activeId={b.loaded?.id}
          onOpen={open}
          onVersions={setVersionsOf}
          onDeleted={(q) => {
            if (b.loaded?.id === q.id) b.setLoaded(null);
          }}
        />
      </Col>
      <Col xs={24} lg={17} xxl={18}>
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Card
            size="small"
            title={
              <Space>
                {b.loaded ? b.loaded.name : t('queries.unsaved')}
                {b.dirty && <Tag color="orange">{t('queries.modified')}</Tag>}
              </Space>
            }
            extra={
              <Space wrap>
                <Button
                  type="primary"
                  icon={<PlayCircleOutlined />}
                  loading={running}
                  disabled={!b.definition}
                  onClick={() => void run()}
                  title={t('queries.run.shortcut')}
                  data-testid="qb-run"
                >
                  {t('queries.run')}
                </Button>
                {b.loaded?.canEdit && (
                  <SaveQueryModal
                    app={app}
                    query={b.loaded}
                    definition={b.definition}
                    visualization={visualization}
                    onDone={afterSave}
                    onDefinitionError={setError}
                    trigger={
                      <Button icon={<SaveOutlined />} disabled={!canSave} data-testid="qb-save">
                        {t('queries.save')}
                      </Button>
                    }
                  />
                )}
                {mayCreate && (
                  <SaveQueryModal
                    app={app}
                    definition={b.definition}
                    visualization={visualization}
                    onDone={afterSave}
                    onDefinitionError={setError}
                    trigger={
                      <Button icon={<FileAddOutlined />} disabled={!canSave} data-testid="qb-save-as">
                        {t(b.loaded ? 'queries.saveAs' : 'queries.save')}
                      </Button>
                    }
                  />
                )}
                {b.loaded?.canEdit && (
                  <Button icon={<HistoryOutlined />} onClick={() => setVersionsOf(b.loaded)} data-testid="qb-versions">
                    {t('queries.versions')}
                  </Button>
                )}
                <Button
                  icon={<PlusOutlined />}
                  onClick={() => {
                    b.reset();
                    setRan(null);
                    setError(null);
                    setVisualization(TABLE);
                  }}
                  data-testid="qb-new"
                >
                  {t('queries.new')}
                </Button>
              </Space>
            }
          >
            <div
              role="group"
              aria-label={t('queries.builder')}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                  e.preventDefault();
                  void run();
                }
              }}
            >
              <ErrorAlert error={error} draft={b.draft} onClose={() => setError(null)} />
              <BuilderForm
                app={app}
                subjects={b.catalog.subjects}
                loading={!b.catalog.subjects && !b.catalog.error}
                base={b.base}
                draft={b.draft}
                onChange={b.change}
                onSubject={(id) => {
                  b.chooseSubject(id);
                  setRan(null);
                }}
                refs={b.refs}
                filterFields={b.filterFields}
                joinChoices={b.joinChoices}
                joinTargets={b.joinTargets}
                onAddJoin={b.addJoin}
                onRenameJoin={b.renameJoin}
                onRemoveJoin={b.dropJoin}
                bad={bad}
              />
            </div>
          </Card>
          {ran ? (
            <ResultPanel
              app={app}
              result={ran.result}
              definition={ran.definition}
              visualization={visualization}
              onVisualization={setVisualization}
              onDrill={setDrill}
              drill={drill}
              onExport={(f) => void doExport(f)}
              exporting={exporting}
              fileName={fileName}
            />
          ) : (
            <Card size="small">
              <Empty
                description={t(b.definition ? 'queries.result.notRun' : 'queries.result.build')}
                data-testid="qb-result-placeholder"
              />
            </Card>
          )}
        </Space>
      </Col>
      <VersionsDrawer
        app={app}
        query={versionsOf}
        onClose={() => setVersionsOf(null)}
        onRestored={(q) => {
          setVersionsOf(null);
          if (b.loaded?.id === q.id) open(q);
        }}
      />
    </Row>
  );
}
