/**
 * One connector (`/admin/connector?connector=<id>`): what it points at (kind, host, database,
 * user, TLS, the names of the secret variables it uses; never their values), "Test connection"
 * with its result, edit and delete; then two tabs: the source browser (and from a table: a subject
 * made from it, or a sync into an existing subject) and the syncs with their runs. The subject
 * wizard and the sync form open in drawers, each loaded on first use.
 */
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Space, Tabs, Typography } from 'antd';
import React, { Suspense, useState } from 'react';
import type { Connector, ConnectorTestResult } from '../../../../../contracts';
import RouteDataResult from '../../../../components/RouteDataResult';
import { useT } from '../../../../components/useT';
import { getConnector, listSyncs, testConnector } from '../../../../services/connectors';
import { keys } from '../../../../services/query-keys';
import { CONFIG_KEYS, hostLabel } from '../logic';
import { TestResult } from './ConnectorForm';
import ProblemAlert from './ProblemAlert';
import SourceBrowser from './SourceBrowser';
import SyncList from './SyncList';
import type { SyncDraft } from './SyncForm';

const SubjectWizard = React.lazy(() => import('./SubjectWizard'));
const SyncForm = React.lazy(() => import('./SyncForm'));

/** The config entries worth showing (variables by name, '' shown as none). */
function ConfigDescriptions({ connector }: { connector: Connector }) {
  const t = useT();
  const c = connector.config;
  const hidden = new Set(['host', 'port', 'url', 'database']);
  if (c.tls !== 'verify') hidden.add('caVariable');
  if (!c.headerVariable) ['headerName', 'headerPrefix'].forEach((k) => hidden.add(k));
  const paging: Record<string, string[]> = { page: ['pageSize', 'pageParam', 'firstPage', 'sizeParam'], offset: ['pageSize', 'offsetParam', 'sizeParam'], cursor: ['pageSize', 'cursorParam', 'sizeParam', 'nextCursorPath'] };
  const pagingKeys = ['pageSize', 'pageParam', 'firstPage', 'sizeParam', 'offsetParam', 'cursorParam', 'nextCursorPath'];
  if (connector.kind === 'rest') pagingKeys.filter((k) => !(paging[String(c.pagination)] ?? []).includes(k)).forEach((k) => hidden.add(k));
  const shown = CONFIG_KEYS[connector.kind].filter((k) => !hidden.has(k) && c[k] !== undefined);
  return (
    <Descriptions size="small" column={{ xs: 1, md: 2 }} data-testid="connector-summary">
      <Descriptions.Item label={t('connectors.col.kind')}>{t(`connectors.kind.${connector.kind}`)}</Descriptions.Item>
      <Descriptions.Item label={t('connectors.col.host')}>
        <Typography.Text code>{hostLabel(connector.kind, connector.config)}</Typography.Text>
      </Descriptions.Item>
      {shown.map((k) => {
        const v = connector.config[k];
        const text = v === '' ? t('connectors.variable.none') : k === 'tls' ? t(`connectors.tls.${String(v)}`) : k === 'pagination' ? t(`connectors.pagination.${String(v)}`) : String(v);
        return (
          <Descriptions.Item key={k} label={t(`connectors.field.${k}`)}>
            {text}
          </Descriptions.Item>
        );
      })}
      {connector.description && <Descriptions.Item label={t('connectors.field.description')}>{connector.description}</Descriptions.Item>}
    </Descriptions>
  );
}

export default function ConnectorDetail({
  id,
  onBack,
  onEdit,
  onDelete,
}: {
  id: string;
  onBack: () => void;
  onEdit: (c: Connector) => void;
  onDelete: (c: Connector) => void;
}) {
  const t = useT();
  const query = useQuery({ queryKey: keys('connectors').detail(id), queryFn: () => getConnector(id) });
  // the syncs (the same query as the Syncs tab's list): their number on the tab
  const syncs = useQuery({ queryKey: keys('connectors').action('syncs', id), queryFn: () => listSyncs({ connector: id, pageSize: 100 }) });
  const [tab, setTab] = useState<'browse' | 'syncs'>('browse');
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<ConnectorTestResult | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const [wizard, setWizard] = useState<{ schema: string; table: string } | null>(null);
  const [draft, setDraft] = useState<SyncDraft | null>(null);

  const test = async () => {
    setTesting(true);
    setResult(null);
    setProblem(null);
    try {
      setResult(await testConnector(id));
    } catch (e) {
      setProblem(e);
    } finally {
      setTesting(false);
    }
  };
  return (
    <RouteDataResult query={query}>
      {(connector) => (
        <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="connector-detail">
          <Card
            title={
              <Space>
                <Button type="text" icon={<ArrowLeftOutlined />} onClick={onBack} aria-label={t('connectors.back')} data-testid="connector-back" />
                <span data-testid="connector-title">{connector.name}</span>
              </Space>
            }
            extra={
              <Space wrap>
                <Button onClick={() => void test()} loading={testing} data-testid="connector-test-saved">
                  {t('connectors.test.button')}
                </Button>
                <Button onClick={() => onEdit(connector)} data-testid="connector-edit">
                  {t('connectors.edit')}
                </Button>
                <Button danger onClick={() => onDelete(connector)} data-testid="connector-delete">
                  {t('connectors.delete')}
                </Button>
              </Space>
            }
          >
            <ConfigDescriptions connector={connector} />
            {result && <TestResult result={result} />}
            <ProblemAlert error={problem} />
          </Card>
          <Card>
            <Tabs
              activeKey={tab}
              onChange={(k) => setTab(k as 'browse' | 'syncs')}
              items={[
                {
                  key: 'browse',
                  label: t('connectors.tab.browse'),
                  children: (
                    <SourceBrowser
                      connector={connector}
                      onMakeSubject={(schema, table) => setWizard({ schema, table })}
                      onSyncInto={(schema, table) => setDraft({ schema, table })}
                    />
                  ),
                },
                {
                  key: 'syncs',
                  label: t('connectors.tab.syncs', { n: Math.max(connector.syncs, syncs.data?.data.length ?? 0) }),
                  children: <SyncList connector={connector} onEdit={(sync) => setDraft({ schema: sync.schema, table: sync.table, sync })} />,
                },
              ]}
            />
          </Card>
          {wizard && (
            <Suspense fallback={null}>
              <SubjectWizard
                connector={connector}
                schema={wizard.schema}
                table={wizard.table}
                onClose={() => setWizard(null)}
                onCreated={(next) => {
                  setWizard(null);
                  setDraft(next);
                }}
              />
            </Suspense>
          )}
          {draft && (
            <Suspense fallback={null}>
              <SyncForm
                connector={connector}
                draft={draft}
                onClose={() => setDraft(null)}
                onSaved={() => {
                  setDraft(null);
                  setTab('syncs');
                }}
              />
            </Suspense>
          )}
        </Space>
      )}
    </RouteDataResult>
  );
}
