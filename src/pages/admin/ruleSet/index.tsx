/**
 * /admin/ruleSet, rule sets of every application (docs/rules.md "Rule sets and versions"): name,
 * application, rules in the draft, the latest published version and a "draft has changes" tag; a
 * ProTable on server paging filtered by application and name; delete after a confirmation; "New
 * rule set" opens the editor at /admin/ruleSet/new.
 */
import { PageContainer, ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { Button, Empty, message, Popconfirm, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import React, { useRef } from 'react';
import { history, Link } from 'umi';
import type { RuleSet } from '../../../../contracts';
import { useT } from '../../../components/useT';
import { toApiError } from '../../../services/api-error';
import { deleteRuleSet, listRuleSets } from '../../../services/rules';

export default function RuleSetsPage() {
  const t = useT();
  const action = useRef<ActionType>();
  const remove = async (row: RuleSet) => {
    try {
      await deleteRuleSet(row.id);
      message.success(t('ruleSets.deleted'));
      action.current?.reload();
    } catch (err) {
      message.error(toApiError(err).message);
    }
  };
  const columns: ProColumns<RuleSet>[] = [
    {
      title: t('ruleSets.col.name'),
      dataIndex: 'q',
      render: (_, row) => (
        <Link to={`/admin/ruleSet/${row.id}`} data-testid="rule-set-link">
          {row.name}
        </Link>
      ),
    },
    {
      title: t('ruleSets.col.application'),
      dataIndex: 'application',
      render: (_, row) => `${row.applicationName} (${row.application})`,
    },
    { title: t('ruleSets.col.rules'), dataIndex: 'ruleIds', hideInSearch: true, render: (_, row) => row.ruleIds.length },
    {
      title: t('ruleSets.col.assignment'),
      dataIndex: 'wholeApplication',
      hideInSearch: true,
      render: (_, row) =>
        row.wholeApplication ? t('ruleSets.assign.whole') : t('ruleSets.assign.count', { n: row.subjectIds.length }),
    },
    {
      title: t('ruleSets.col.published'),
      dataIndex: 'publishedVersion',
      hideInSearch: true,
      render: (_, row) => (
        <Space size={4}>
          {row.publishedVersion ? <Tag color="blue">v{row.publishedVersion}</Tag> : <Tag>{t('ruleSets.unpublished')}</Tag>}
          {row.draftChanged && row.publishedVersion ? (
            <Tag color="orange" data-testid="rule-set-draft-changed">
              {t('ruleSets.draftChanged')}
            </Tag>
          ) : null}
        </Space>
      ),
    },
    { title: t('ruleSets.col.owner'), dataIndex: 'ownerLabel', hideInSearch: true },
    {
      title: t('ruleSets.col.updatedAt'),
      dataIndex: 'updatedAt',
      hideInSearch: true,
      render: (_, row) => dayjs(row.updatedAt).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: t('ruleSets.col.actions'),
      valueType: 'option',
      width: 90,
      render: (_, row) => [
        <Popconfirm
          key="delete"
          title={t('ruleSets.delete.confirm', { name: row.name })}
          description={t('ruleSets.delete.desc')}
          onConfirm={() => remove(row)}
        >
          <Typography.Link type="danger" data-testid={`rule-set-delete-${row.name}`}>
            {t('ruleSets.delete')}
          </Typography.Link>
        </Popconfirm>,
      ],
    },
  ];
  return (
    <PageContainer title={t('ruleSets.title')} subTitle={t('ruleSets.subtitle')}>
      <div data-testid="rule-sets-table">
        <ProTable<RuleSet>
          rowKey="id"
          actionRef={action}
          columns={columns}
          request={async (params) => {
            const p = params as Record<string, string | number | undefined>;
            return listRuleSets({
              current: Number(p.current) || 1,
              pageSize: Number(p.pageSize) || 20,
              application: p.application ? String(p.application) : undefined,
              q: p.q ? String(p.q) : undefined,
            });
          }}
          search={{ labelWidth: 'auto' }}
          pagination={{ defaultPageSize: 20, showSizeChanger: true }}
          locale={{ emptyText: <Empty description={t('ruleSets.empty')} /> }}
          toolBarRender={() => [
            <Button key="new" type="primary" onClick={() => history.push('/admin/ruleSet/new')} data-testid="rule-set-new">
              {t('ruleSets.new')}
            </Button>,
          ]}
        />
      </div>
    </PageContainer>
  );
}
