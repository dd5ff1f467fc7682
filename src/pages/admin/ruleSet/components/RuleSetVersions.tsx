/**
 * A rule set's published versions, newest first (number, rules, assignment, note, who and when),
 * paged on the server; opening one shows its frozen rules (name, kind, severity, messages).
 */
import { ProTable } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Empty, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import React, { useState } from 'react';
import type { RuleSetVersion, RuleSnapshotItem } from '../../../../../contracts';
import { SEVERITY_COLORS } from '../../../../components/rules/severity';
import { useT } from '../../../../components/useT';
import { getRuleSetVersion, listRuleSetVersions } from '../../../../services/rules';

export default function RuleSetVersions({ setId, published }: { setId: string; published: number }) {
  const t = useT();
  const [open, setOpen] = useState<number | null>(null);
  const version = useQuery({
    queryKey: ['rule-sets', 'version', setId, open],
    queryFn: () => getRuleSetVersion(setId, open!),
    enabled: open !== null,
  });
  return (
    <>
      <ProTable<RuleSetVersion>
        rowKey="version"
        search={false}
        options={false}
        params={{ published }}
        request={(p) => listRuleSetVersions(setId, { current: p.current, pageSize: p.pageSize })}
        pagination={{ defaultPageSize: 10 }}
        locale={{ emptyText: <Empty description={t('ruleSets.versions.empty')} /> }}
        data-testid="rule-set-versions"
        columns={[
          {
            title: t('ruleSets.versions.version'),
            dataIndex: 'version',
            render: (_, v) => (
              <Typography.Link onClick={() => setOpen(v.version)} data-testid={`rule-set-version-${v.version}`}>
                v{v.version}
              </Typography.Link>
            ),
          },
          { title: t('ruleSets.col.rules'), dataIndex: 'ruleCount' },
          {
            title: t('ruleSets.col.assignment'),
            dataIndex: 'wholeApplication',
            render: (_, v) =>
              v.wholeApplication ? t('ruleSets.assign.whole') : t('ruleSets.assign.count', { n: v.subjectIds.length }),
          },
          { title: t('ruleSets.versions.note'), dataIndex: 'note', render: (_, v) => v.note ?? '–' },
          { title: t('ruleSets.versions.by'), dataIndex: 'publishedLabel' },
          {
            title: t('ruleSets.versions.at'),
            dataIndex: 'publishedAt',
            render: (_, v) => dayjs(v.publishedAt).format('YYYY-MM-DD HH:mm'),
          },
        ]}
      />
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        width={720}
        title={t('ruleSets.versions.frozen', { n: open ?? 0 })}
        data-testid="rule-set-version-drawer"
      >
        <Table<RuleSnapshotItem>
          rowKey="id"
          size="small"
          loading={version.isLoading}
          dataSource={version.data?.rules ?? []}
          pagination={false}
          locale={{ emptyText: <Empty description={t('ruleSets.versions.noRules')} /> }}
          columns={[
            { title: t('rules.col.name'), dataIndex: 'name' },
            {
              title: t('rules.col.kind'),
              dataIndex: 'definition',
              render: (d: { kind?: string }) => (d?.kind ? t(`rules.kind.${d.kind}`) : '–'),
            },
            {
              title: t('rules.col.severity'),
              dataIndex: 'severity',
              render: (s: string) => <Tag color={SEVERITY_COLORS[s]}>{t(`rules.severity.${s}`)}</Tag>,
            },
            { title: t('rules.field.messageZh'), dataIndex: 'messageZh' },
            { title: t('rules.field.messageEn'), dataIndex: 'messageEn' },
          ]}
        />
      </Drawer>
    </>
  );
}
