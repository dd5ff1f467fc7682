/**
 * ViewKanban ("kanban (by a select field, drag to change it)"; "kanban and calendar [stay
 * smooth] at 5k"): one column per option of the view's single-select field plus "No value", each
 * reading its own keyset pages (50 at a time, the next one asked for as the scroll nears the end,
 * or by "Load more"), so a board of 5,000 records asks only for what is shown. A column renders only
 * the cards in sight (rc-virtual-list, the virtual list antd's own List and Select use), so a column
 * with every page loaded scrolls as lightly as one with a page. Dragging a card (native HTML5 drag
 * and drop) onto another column — or its "Move to…" menu, the keyboard way — is a normal record
 * update of that field with the card's version (a stale one is refused: 409 STALE_VERSION); the
 * moved card then heads its new column in the cache (no refetch of every loaded page), and a
 * refused move reloads the board. Figures: server/src/modules/views/README.md, `npm run bench:board`.
 */
import { MoreOutlined } from '@ant-design/icons';
import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { Badge, message as antMessage, Button, Card, Dropdown, Empty, Space, Spin, Tag, Typography } from 'antd';
import VirtualList from 'rc-virtual-list';
import React, { useCallback, useMemo, useState } from 'react';
import { Link, useIntl } from 'umi';
import type { Field, KanbanConfig, RecordItem, RecordPage, SubjectDetail } from '../../../contracts';
import { updateRecord } from '../../services/records';
import { listViewRecords } from '../../services/views';
import { FieldContextProvider, FieldValue } from '../fields';
import { BADGE_NEUTRAL, textColorOn } from '../../../config/theme';
import { choiceColor, choiceText } from '../fields/format';
import { withCardFirst, withoutCard } from './viewColumns';

const PAGE = 50;
/** A card's height before it is measured (px): title 38, body padding 16, a line per card field, gap 8. */
/** A card's height in px for the virtual list: the title bar, plus the body only when it shows fields. */
const cardPx = (fields: number) => (fields === 0 ? 48 : 62 + 22 * fields);

interface KanbanProps {
  app: string;
  subject: SubjectDetail;
  config: KanbanConfig;
  /** Root of the query keys (invalidated after a move). */
  queryKey: readonly unknown[];
  canEdit: boolean;
  recordHref?: (id: string) => string;
  /** Quick search: only the cards whose text fields contain it (the records list's `q`). */
  q?: string;
  /** Height (px) of a column's card list (it scrolls inside). */
  height: number;
}

interface Dragged {
  id: string;
  version: number;
  from: string;
}

interface KanbanCardProps {
  record: RecordItem;
  /** The column's option label ('' = no value). */
  label: string;
  display: Field | undefined;
  cardFields: Field[];
  canEdit: boolean;
  options: { label: string; title: string }[];
  onDrop: (d: Dragged, to: string) => void;
  recordHref?: (id: string) => string;
}

/**
 * One card (draggable, with its "Move to…" menu). Memoised: the virtual list calls its render
 * function on every scrolled frame, and a card whose props did not change is then not rendered
 * again. The ref reaches the outer div, which the virtual list measures.
 */
const KanbanCard = React.memo(
  React.forwardRef<HTMLDivElement, KanbanCardProps>(function KanbanCard({ record, label, display, cardFields, canEdit, options, onDrop, recordHref }, ref) {
    const intl = useIntl();
    return (
      <div ref={ref} style={{ paddingBottom: 8 }}>
        <Card
          size="small"
          draggable={canEdit}
          data-testid="kanban-card"
          data-record={record.id}
          onDragStart={(e) => {
            e.dataTransfer.setData('application/x-assay-card', JSON.stringify({ id: record.id, version: record.version, from: label } satisfies Dragged));
            e.dataTransfer.effectAllowed = 'move';
          }}
          style={{ cursor: canEdit ? 'grab' : undefined }}
          // no chosen fields: a title-only card, no empty body strip
          styles={cardFields.length === 0 ? { body: { display: 'none' } } : undefined}
          title={
            <Typography.Text ellipsis>
              {recordHref ? (
                <Link to={recordHref(record.id)}>{display ? <FieldValue field={display} value={record.values[display.key]} compact /> : record.id.slice(0, 8)}</Link>
              ) : display ? (
                <FieldValue field={display} value={record.values[display.key]} compact />
              ) : (
                record.id.slice(0, 8)
              )}
            </Typography.Text>
          }
          extra={
            canEdit && (
              <Dropdown
                trigger={['click']}
                menu={{
                  items: options
                    .filter((o) => o.label !== label)
                    .map((o) => ({
                      key: o.label || '__none',
                      label: intl.formatMessage({ id: 'views.kanban.moveTo' }, { to: o.title }),
                    })),
                  onClick: ({ key }) => onDrop({ id: record.id, version: record.version, from: label }, key === '__none' ? '' : key),
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
              <FieldValue field={f} value={record.values[f.key]} compact />
            </div>
          ))}
        </Card>
      </div>
    );
  }),
);

function Column(
  props: KanbanProps & {
    label: string;
    title: string;
    onDrop: (d: Dragged, to: string) => void;
    options: { label: string; title: string }[];
  },
) {
  const { app, subject, config, queryKey, canEdit, label, title, onDrop, options, recordHref, height, q } = props;
  const intl = useIntl();
  const [over, setOver] = useState(false);
  const query = useInfiniteQuery({
    queryKey: [...queryKey, 'column', label],
    queryFn: ({ pageParam, signal }) => listViewRecords(app, subject.key, config, { pageSize: PAGE, cursor: pageParam, group: label, q: q || undefined }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const labels = useMemo(() => Object.assign({}, ...(query.data?.pages ?? []).map((p) => p.labels)) as Record<string, string>, [query.data]);
  const records = useMemo(() => (query.data?.pages ?? []).flatMap((p) => p.data), [query.data]);
  const display = subject.fields.find((f) => f.key === subject.displayField) ?? subject.fields[0];
  const cardFields = useMemo(
    () => config.cardFields.map((k) => subject.fields.find((f) => f.key === k)).filter((f): f is NonNullable<typeof f> => Boolean(f) && f !== display),
    [config.cardFields, subject.fields, display],
  );
  const fieldContext = useMemo(() => ({ app, labels, files: {} }), [app, labels]);
  const labelColor = label ? choiceColor(subject.fields.find((f) => f.key === config.groupField) ?? { options: {} }, label) : '';
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const onScroll = useCallback(
    (e: React.UIEvent<HTMLElement>) => {
      const el = e.currentTarget;
      if (hasNextPage && !isFetchingNextPage && el.scrollHeight - el.scrollTop - el.clientHeight < height) void fetchNextPage();
    },
    [hasNextPage, isFetchingNextPage, fetchNextPage, height],
  );
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
        style={{
          width: 280,
          flex: '0 0 280px',
          background: over ? 'rgba(22,119,255,0.08)' : 'rgba(0,0,0,0.03)',
          borderRadius: 8,
          padding: 8,
        }}
      >
        <Space style={{ marginBottom: 8 }}>
          {label ? <Tag color={labelColor} style={{ color: textColorOn(labelColor) }}>{title}</Tag> : <Typography.Text type="secondary">{title}</Typography.Text>}
          <Badge count={query.data?.pages[0]?.total ?? 0} showZero color={BADGE_NEUTRAL} overflowCount={9999} />
        </Space>
        {query.isLoading && <Spin />}
        {!query.isLoading && records.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={intl.formatMessage({ id: 'views.kanban.emptyColumn' })} />}
        <VirtualList data={records} itemKey="id" height={height} itemHeight={cardPx(cardFields.length)} fullHeight={false} onScroll={onScroll}>
          {(r) => <KanbanCard record={r} label={label} display={display} cardFields={cardFields} canEdit={canEdit} options={options} onDrop={onDrop} recordHref={recordHref} />}
        </VirtualList>
        {hasNextPage && (
          <Button block type="link" loading={isFetchingNextPage} onClick={() => void fetchNextPage()} data-testid="kanban-load-more">
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
  const options = [...(field.options.choices ?? []).map((c) => ({ label: c.label, title: choiceText(field, c.label, intl.messages) })), { label: '', title: intl.formatMessage({ id: 'views.group.none' }) }];
  const move = async (d: Dragged, to: string) => {
    if (d.from === to) return;
    try {
      const moved = await updateRecord(app, subject.key, d.id, d.version, { [config.groupField]: to === '' ? null : to });
      type Column = InfiniteData<RecordPage, string | undefined>;
      client.setQueryData<Column>([...queryKey, 'column', d.from], (column) => withoutCard(column, d.id));
      client.setQueryData<Column>([...queryKey, 'column', to], (column) => withCardFirst(column, moved.record, moved.labels));
      message.success(intl.formatMessage({ id: 'views.moved' }));
    } catch (err) {
      message.error((err as Error).message);
      await client.invalidateQueries({ queryKey });
    }
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
