/**
 * /:app/view/:view (Views): a saved view of a subject rendered as its type (grid, kanban,
 * calendar), with the toolbar to change columns, filters, sorts, group and type, a quick search
 * over the subject's text fields (debounced 300 ms; narrows grid rows, kanban cards and calendar
 * events, and the grid's export; not saved with the view), "Save view" / "Save as new view" and
 * "Share" (editors). A view of another application, or an unknown one, renders 404 in place.
 */
import { PageContainer } from '@ant-design/pro-components';
import { useDebounce } from 'ahooks';
import { Button, Input, Segmented, Space, Tag } from 'antd';
import React, { useEffect, useState } from 'react';
import { history, Link, useIntl, useModel, useParams } from 'umi';
import type { ViewConfig, ViewType } from '../../../../../contracts';
import { effectiveFilter, effectiveSort, VIEW_TYPES } from '../../../../../contracts/view-rows';
import { appAccess } from '../../../../access';
import ExceptionResult from '../../../../components/ExceptionResult';
import ExportButton from '../../../../components/records/ExportButton';
import ViewActions from '../../../../components/views/ViewActions';
import ViewConfigEditor from '../../../../components/views/ViewConfigEditor';
import ViewRenderer from '../../../../components/views/ViewRenderer';
import { defaultConfig, sortParam } from '../../../../components/views/viewColumns';
import { useViewWithSubject } from '../../../../components/views/useView';
import Loading from '../../../../loading';
import { ApiError } from '../../../../services/api-error';
import { useWorkspace } from '../../useWorkspace';

export default function WorkspaceViewPage() {
  const { view: id = '' } = useParams<{ view: string }>();
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: key });
  const { app } = useWorkspace();
  const { initialState } = useModel('@@initialState');
  const { canEditRecords } = appAccess(app.myRole, initialState?.currentUser?.isAdmin === true);
  const { view, subject, error } = useViewWithSubject(id);
  const [config, setConfig] = useState<ViewConfig | null>(null);
  const [name, setName] = useState('');
  const [search, setSearch] = useState('');
  const q = useDebounce(search.trim(), { wait: 300 });

  useEffect(() => {
    if (view.data) {
      setConfig(view.data.config);
      setName(view.data.name);
    }
  }, [view.data?.id, view.data?.updatedAt]);

  if (error || (view.data && view.data.application !== app.slug)) {
    const status = error instanceof ApiError ? error.status : 404;
    return <ExceptionResult code={status === 403 ? 403 : 404} />;
  }
  if (!view.data || !subject.data || !config) return <Loading />;
  const v = view.data;
  const s = subject.data;
  const dirty = name !== v.name || JSON.stringify(config) !== JSON.stringify(v.config);
  const changeType = (type: ViewType) => setConfig(type === v.config.type ? v.config : { ...defaultConfig(type, s), filter: config.filter } as ViewConfig);

  return (
    <PageContainer
      title={
        canEditRecords ? (
          <Input value={name} onChange={(e) => setName(e.target.value)} variant="borderless" style={{ fontSize: 20, fontWeight: 600, width: 320 }} maxLength={100} data-testid="view-name" />
        ) : (
          v.name
        )
      }
      tags={
        <Link to={`/${app.slug}/${s.key}`}>
          <Tag color="cyan">{s.name}</Tag>
        </Link>
      }
      extra={
        <Space wrap>
          {config.type === 'grid' && <Button onClick={() => history.push(`/grid_view?view=${v.id}`)}>{t('views.fullScreen')}</Button>}
          {config.type === 'grid' && (
            // the grid as it shows now (every grid exports CSV and XLSX of the current filter, every column the user can see)
            <ExportButton
              app={app.slug}
              subjectKey={s.key}
              state={() => ({
                q: q || undefined,
                filter: effectiveFilter(config, {}),
                sort: sortParam(effectiveSort(config)) || undefined,
                columns: config.columns.length > 0 ? config.columns : s.fields.map((f) => f.key),
              })}
            />
          )}
          {canEditRecords && (
            <ViewActions
              view={v}
              name={name}
              config={config}
              dirty={dirty}
              onSaved={() => undefined}
              onCreated={(created) => history.push(`/${app.slug}/view/${created.id}`)}
            />
          )}
        </Space>
      }
      data-testid="view-page"
    >
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Space wrap>
          <Segmented
            value={config.type}
            options={VIEW_TYPES.map((type) => ({ value: type, label: t(`views.type.${type}`) }))}
            onChange={(type) => changeType(type as ViewType)}
            data-testid="view-type"
          />
          <ViewConfigEditor subject={s} value={config} onChange={setConfig} />
          <Input.Search
            allowClear
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t('views.quickSearch')}
            style={{ width: 220 }}
            maxLength={100}
            data-testid="view-search"
          />
        </Space>
        <ViewRenderer app={app.slug} subject={s} config={config} canEdit={canEditRecords} height={Math.max(320, window.innerHeight - 330)} onChange={setConfig} q={q} />
      </Space>
    </PageContainer>
  );
}
