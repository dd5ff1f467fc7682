/**
 * The import wizard's diff: what applying the package would do to its application, object by object
 * (GET /deploy/packages/:id/diff). Totals on top; then one panel per kind in apply order with its
 * added / changed / removed / unchanged counts, its objects listed removed first. What touches
 * records is highlighted: a field type change with how many records convert and how many would be
 * refused (the apply is then refused as a whole), a removed subject or field with the records that
 * go to the recycle bin with it. Panels with changes start open; the headers are buttons (Enter or
 * Space opens one).
 */
import { WarningOutlined } from '@ant-design/icons';
import { Alert, Collapse, Empty, Space, Table, Tag, Typography, theme } from 'antd';
import React, { useMemo } from 'react';
import type { DeployChange, DeployDiff } from '../../../../../contracts';
import { useT } from '../../../../components/useT';
import { ChangeTag } from './labels';
import { blocksApply, diffTotals, groupDiff, touchesData } from './logic';

/** What a change does to records, in words (type change, records to the recycle bin), or null. */
function ImpactText({ c }: { c: DeployChange }) {
  const t = useT();
  const tc = c.typeChange;
  if (tc) {
    const type = (k: string) => t(`fieldType.${k}`);
    if (!tc.allowed)
      return (
        <Typography.Text type="danger" data-testid="deploy-impact">
          {t('deploy.diff.typeNotAllowed', { from: type(tc.from), to: type(tc.to) })}
        </Typography.Text>
      );
    return (
      <Typography.Text type={tc.refused > 0 ? 'danger' : 'warning'} data-testid="deploy-impact">
        {t('deploy.diff.typeChange', {
          from: type(tc.from),
          to: type(tc.to),
          records: tc.records,
          converted: tc.converted,
          refused: tc.refused,
        })}
      </Typography.Text>
    );
  }
  if (c.change === 'removed' && (c.records ?? 0) > 0)
    return (
      <Typography.Text type="warning" data-testid="deploy-impact">
        {t('deploy.diff.toRecycle', { n: c.records ?? 0 })}
      </Typography.Text>
    );
  if (c.change === 'removed' && (c.kind === 'subject' || c.kind === 'field'))
    return <Typography.Text type="secondary">{t('deploy.diff.noRecords')}</Typography.Text>;
  return null;
}

/** The counts of a kind as tags: +added ~changed −removed, and the unchanged in words. */
export function KindCounts({
  added,
  changed,
  removed,
  unchanged,
}: {
  added: number;
  changed: number;
  removed: number;
  unchanged?: number;
}) {
  const t = useT();
  return (
    <Space size={4} wrap>
      {added > 0 && <Tag color="green">{t('deploy.count.added', { n: added })}</Tag>}
      {changed > 0 && <Tag color="blue">{t('deploy.count.changed', { n: changed })}</Tag>}
      {removed > 0 && <Tag color="red">{t('deploy.count.removed', { n: removed })}</Tag>}
      {unchanged !== undefined && unchanged > 0 && (
        <Typography.Text type="secondary">{t('deploy.count.unchanged', { n: unchanged })}</Typography.Text>
      )}
    </Space>
  );
}

export default function DiffView({ diff }: { diff: DeployDiff }) {
  const t = useT();
  const { token } = theme.useToken();
  const groups = useMemo(() => groupDiff(diff), [diff]);
  const totals = useMemo(() => diffTotals(diff), [diff]);
  const changeText = (c: DeployChange) =>
    c.change === 'changed' && c.properties.length > 0 ? t('deploy.diff.properties', { list: c.properties.join(', ') }) : null;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="deploy-diff">
      <Space wrap data-testid="deploy-diff-totals">
        <Typography.Text strong>
          {t(diff.application.exists ? 'deploy.diff.target' : 'deploy.diff.targetNew', {
            name: diff.application.name,
            slug: diff.application.slug,
          })}
        </Typography.Text>
        <KindCounts added={totals.added} changed={totals.changed} removed={totals.removed} />
      </Space>
      {totals.added + totals.changed + totals.removed === 0 && (
        <Alert type="success" showIcon message={t('deploy.diff.nothing')} data-testid="deploy-diff-nothing" />
      )}
      {totals.blocking > 0 && (
        <Alert
          type="error"
          showIcon
          message={t('deploy.diff.blocking', { n: totals.blocking })}
          data-testid="deploy-diff-blocking"
        />
      )}
      {totals.impact > 0 && (
        <Alert
          type="warning"
          showIcon
          icon={<WarningOutlined />}
          data-testid="deploy-diff-impact"
          message={t('deploy.diff.impact', { n: totals.impact })}
          description={
            <Space direction="vertical" size={0}>
              {totals.recycledRecords > 0 && <span>{t('deploy.apply.confirmRecycle', { n: totals.recycledRecords })}</span>}
              {totals.convertedRecords > 0 && <span>{t('deploy.apply.confirmConvert', { n: totals.convertedRecords })}</span>}
              <span>{t('deploy.diff.rollbackNote')}</span>
            </Space>
          }
        />
      )}
      {groups.length === 0 ? (
        <Empty description={t('deploy.diff.empty')} />
      ) : (
        <Collapse
          defaultActiveKey={groups.filter((g) => g.changes.length > 0).map((g) => g.kind)}
          items={groups.map((g) => ({
            key: g.kind,
            collapsible: g.changes.length > 0 ? undefined : ('disabled' as const),
            showArrow: g.changes.length > 0,
            label: (
              <Space wrap data-testid={`deploy-kind-${g.kind}`}>
                <Typography.Text strong>{t(`deploy.kind.${g.kind}`)}</Typography.Text>
                <KindCounts added={g.added} changed={g.changed} removed={g.removed} unchanged={g.unchanged} />
                {g.impact > 0 && (
                  <Tag color="orange" icon={<WarningOutlined />}>
                    {t('deploy.diff.kindImpact', { n: g.impact })}
                  </Tag>
                )}
              </Space>
            ),
            children: (
              <Table<DeployChange>
                size="small"
                rowKey={(c) => `${c.change}:${c.key}`}
                pagination={g.changes.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
                dataSource={g.changes}
                onRow={(c) =>
                  ({
                    'data-testid': 'deploy-change',
                    'data-key': c.key,
                    'data-change': c.change,
                    style: touchesData(c)
                      ? { background: blocksApply(c) ? token.colorErrorBg : token.colorWarningBg }
                      : undefined,
                  }) as React.HTMLAttributes<HTMLElement>
                }
                columns={[
                  {
                    title: t('deploy.diff.change'),
                    dataIndex: 'change',
                    width: 110,
                    render: (_, c) => <ChangeTag change={c.change} />,
                  },
                  {
                    title: t('deploy.diff.object'),
                    dataIndex: 'key',
                    render: (_, c) => <Typography.Text code>{c.key}</Typography.Text>,
                  },
                  {
                    title: t('deploy.diff.detail'),
                    render: (_, c) => (
                      <Space direction="vertical" size={0}>
                        {changeText(c)}
                        <ImpactText c={c} />
                      </Space>
                    ),
                  },
                ]}
              />
            ),
          }))}
        />
      )}
    </Space>
  );
}
