/**
 * ViewKanban (issue 7: "kanban (by a select field, drag to change it)"): one column per option of
 * the view's single-select field plus "No value", each reading its own keyset pages (50 at a time,
 * "Load more"), so a board of 5,000 records asks only for what is shown. Dragging a card (native
 * HTML5 drag and drop) onto another column — or its "Move to…" menu, the keyboard way — is a normal
 * record update of that field with the card's version (a stale one is refused: 409 STALE_VERSION).
 */
import { MoreOutlined } from '@ant-design/icons';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, message as antMessage, Button, Card, Dropdown, Empty, Space, Spin, Tag, Typography } from 'antd';
import React, { useMemo, useState } from 'react';
import { Link, useIntl } from 'umi';
import type { KanbanConfig, SubjectDetail } from '../../../contracts';
import { updateRecord } from '../../services/records';
import { listViewRecords } from '../../services/views';
import { FieldContextProvider, FieldValue } from '../fields';
import { choiceColor } from '../fields/format';

const PAGE = 50;

interface KanbanProps {
  app: string;
  subject: SubjectDetail;
  config: KanbanConfig;
  /** Root of the query keys (invalidated after a move). */
  queryKey: readonly unknown[];
  canEdit: boolean;
  recordHref?: (id: string) => string;
}

interface Dragged {
  id: string;
  version: number;
  from: string;
}

function Column(props: KanbanProps & { label: string; title: string; onDrop: (d: Dragged, to: string) => void; options: { label: string; title: string }[] }) {
  const { app, subject, config, queryKey, canEdit, label, title, onDrop, options, recordHref } = props;
  const intl = useIntl();
  const [over, setOver] = useState(false);
  const query = useInfiniteQuery({
    queryKey: [...queryKey, 'column', label],
    queryFn: ({ pageParam, signal }) => listViewRecords(app, subject.key, config, { pageSize: PAGE, cursor: pageParam, group: label }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const labels = useMemo(() => Object.assign({}, ...(query.data?.pages ?? []).map((p) => p.labels)) as Record<string, string>, [query.data]);
  const records = (query.data?.pages ?? []).flatMap((p) => p.data);
  const display = subject.fields.find((f) => f.key === subject.displayField) ?? subject.fields[0];
  const cardFields = config.cardFields.map((k) => subject.fields.find((f) => f.key === k)).filter((f): f is NonNullable<typeof f> => Boolean(f) && f !== display);
  const fieldContext = useMemo(() => ({ app, labels, files: {} }), [app, labels]);
  return (
    <FieldContextProvider value={fieldContext}>
      <div
        data-testid={`kanban-column-${label || 'none'}`}
        onDragOver={(e) => {
          if (!canEdit) return;
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          const raw = e.dataTransfer.getData('application/x-assay-card');
          if (raw) onDrop(JSON.parse(raw) as Dragged, label);
        }}
        style={{ width: 280, flex: '0 0 280px', background: over ? 'rgba(22,119,255,0.08)' : 'rgba(0,0,0,0.03)', borderRadius: 8, padding: 8, maxHeight: '70vh', overflowY: 'auto' }}
      >
        <Space style={{ marginBottom: 8 }}>
          {label ? <Tag color={choiceColor(subject.fields.find((f) => f.key === config.groupField) ?? { options: {} }, label)}>{title}</Tag> : <Typography.Text type="secondary">{title}</Typography.Text>}
          <Badge count={query.data?.pages[0]?.total ?? 0} showZero color="#999" overflowCount={9999} />
        </Space>
        {query.isLoading && <Spin />}
        {!query.isLoading && records.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={intl.formatMessage({ id: 'views.kanban.emptyColumn' })} />}
        <Space direction="vertical" style={{ width: '100%' }}>
          {records.map((r) => (
            <Card
              key={r.id}
              size="small"
              draggable={canEdit}
              data-testid="kanban-card"
              data-record={r.id}
              onDragStart={(e) => {
                e.dataTransfer.setData('application/x-assay-card', JSON.stringify({ id: r.id, version: r.version, from: label } satisfies Dragged));
                e.dataTransfer.effectAllowed = 'move';
              }}
              style={{ cursor: canEdit ? 'grab' : undefined }}
              title={
                <Typography.Text ellipsis>
                  {recordHref ? <Link to={recordHref(r.id)}>{display ? <FieldValue field={display} value={r.values[display.key]} compact /> : r.id.slice(0, 8)}</Link> : display ? <FieldValue field={display} value={r.values[display.key]} compact /> : r.id.slice(0, 8)}
                </Typography.Text>
              }
              extra={
                canEdit && (
                  <Dropdown
                    trigger={['click']}
                    menu={{
                      items: options.filter((o) => o.label !== label).map((o) => ({ key: o.label || '__none', label: intl.formatMessage({ id: 'views.kanban.moveTo' }, { to: o.title }) })),
                      onClick: ({ key }) => onDrop({ id: r.id, version: r.version, from: label }, key === '__none' ? '' : key),
                    }}
                  >
                    <Button size="small" type="text" icon={<MoreOutlined />} aria-label={intl.formatMessage({ id: 'views.kanban.move' })} data-testid="kanban-move" />
                  </Dropdown>
                )
              }
            >
              {cardFields.map((f) => (
                <div key={f.key}>
                  <Typography.Text type="secondary">{f.name}: </Typography.Text>
                  <FieldValue field={f} value={r.values[f.key]} compact />
                </div>
              ))}
            </Card>
          ))}
        </Space>
        {query.hasNextPage && (
          <Button block type="link" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {intl.formatMessage({ id: 'views.loadMore' })}
          </Button>
        )}
      </div>
    </FieldContextProvider>
  );
}

export default function ViewKanban(props: KanbanProps) {
  const { app, subject, config, queryKey } = props;
  const intl = useIntl();
  const [message, messageHolder] = antMessage.useMessage();
  const client = useQueryClient();
  const field = subject.fields.find((f) => f.key === config.groupField);
  if (!field || field.type !== 'singleSelect') return <Empty description={intl.formatMessage({ id: 'views.kanban.noField' })} />;
  const options = [...(field.options.choices ?? []).map((c) => ({ label: c.label, title: c.label })), { label: '', title: intl.formatMessage({ id: 'views.group.none' }) }];
  const move = async (d: Dragged, to: string) => {
    if (d.from === to) return;
    try {
      await updateRecord(app, subject.key, d.id, d.version, { [config.groupField]: to === '' ? null : to });
      message.success(intl.formatMessage({ id: 'views.moved' }));
    } catch (err) {
      message.error((err as Error).message);
    }
    await client.invalidateQueries({ queryKey });
  };
  return (
    <div style={{ display: 'flex', gap: 12, overflowX: 'auto', paddingBottom: 8 }} data-testid="view-kanban">
      {messageHolder}
      {options.map((o) => (
        <Column key={o.label || '__none'} {...props} label={o.label} title={o.title} options={options} onDrop={(d, to) => void move(d, to)} />
      ))}
    </div>
  );
}
