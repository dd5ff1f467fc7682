/**
 * ViewCalendar ("calendar (by a date field)"; "kanban and calendar [stay smooth] at 5k"):
 * antd's month Calendar with the records of the visible 6-week grid only (`from`/`to` sent to the
 * server, keyset pages of 200 read until the month is complete, at most 5,000 events); its year
 * mode reads the whole year and shows each month's number of events. The header jumps to any
 * month or year with a picker. An event
 * spans its date to its end date when the view has an end field. A day shows its first
 * DAY_EVENTS events and "+N more", a popover listing all of them in a virtual list
 * (rc-virtual-list, antd's own), so a day of hundreds of events costs a few tags. Dragging an event
 * to another day (native HTML5 drag and drop, from the day or from its list) or its "Move to date"
 * action is a record update of the date field (and the end moves by as many days), with the
 * event's version; the moved event takes the server's answer in the cached month (no refetch of
 * every page), and a refused move reloads it. Figures: server/src/modules/views/README.md,
 * `npm run bench:board`.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Alert, Button, Calendar, message as antMessage, DatePicker, Popover, Radio, Space, Spin, Tag, Typography } from 'antd';
import type { CalendarMode } from 'antd/es/calendar/generateCalendar';
import dayjs, { type Dayjs } from 'dayjs';
import VirtualList from 'rc-virtual-list';
import React, { useMemo, useState } from 'react';
import { useIntl } from 'umi';
import type { CalendarConfig, RecordItem, SubjectDetail } from '../../../contracts';
import { updateRecord } from '../../services/records';
import { listViewRecords } from '../../services/views';
import { countByMonth, groupText, monthGridRange, yearRange } from './viewColumns';

const MAX_EVENTS = 5000;
/** Events a day cell shows before "+N more". */
const DAY_EVENTS = 4;
/** Height (px) of one event in a day's "+N more" list. */
const EVENT_PX = 26;

interface CalendarProps {
  app: string;
  subject: SubjectDetail;
  config: CalendarConfig;
  queryKey: readonly unknown[];
  canEdit: boolean;
  /** Quick search: only the events whose text fields contain it (the records list's `q`). */
  q?: string;
}

/** A date or datetime value → the local day (YYYY-MM-DD), or null. */
function dayOf(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  return dayjs(value).format('YYYY-MM-DD');
}

/** `value` moved by `days` (a date stays a date; a datetime keeps its time of day). */
function shift(value: unknown, days: number, type: string): unknown {
  if (typeof value !== 'string' || value === '') return value;
  return type === 'date' ? dayjs(value).add(days, 'day').format('YYYY-MM-DD') : dayjs(value).add(days, 'day').toISOString();
}

export default function ViewCalendar({ app, subject, config, queryKey, canEdit, q }: CalendarProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [message, messageHolder] = antMessage.useMessage();
  const client = useQueryClient();
  const [month, setMonth] = useState<Dayjs>(() => dayjs());
  const [mode, setMode] = useState<CalendarMode>('month');
  const range = mode === 'year' ? yearRange(month) : monthGridRange(month);
  const dateField = subject.fields.find((f) => f.key === config.dateField);
  const endField = subject.fields.find((f) => f.key === config.endField);
  const titleKey = config.titleField ?? subject.displayField ?? undefined;
  const monthKey = [...queryKey, 'range', range.from, range.to];
  const query = useQuery({
    queryKey: monthKey,
    enabled: Boolean(dateField),
    queryFn: async ({ signal }) => {
      const items: RecordItem[] = [];
      let labels: Record<string, string> = {};
      let cursor: string | undefined;
      do {
        const page = await listViewRecords(app, subject.key, config, { pageSize: 200, cursor, from: range.from, to: range.to, q: q || undefined }, signal);
        items.push(...page.data);
        labels = { ...labels, ...page.labels };
        cursor = page.nextCursor ?? undefined;
      } while (cursor && items.length < MAX_EVENTS);
      return { items, labels, truncated: Boolean(cursor) };
    },
  });
  const byDay = useMemo(() => {
    const map = new Map<string, RecordItem[]>();
    for (const r of query.data?.items ?? []) {
      const start = dayOf(r.values[config.dateField]);
      if (!start) continue;
      const end = endField ? dayOf(r.values[endField.key]) : null;
      let d = dayjs(start);
      const last = end && end > start ? dayjs(end) : d;
      for (let i = 0; i < 42 && !d.isAfter(last); i++, d = d.add(1, 'day')) {
        const key = d.format('YYYY-MM-DD');
        const day = map.get(key);
        if (day) day.push(r);
        else map.set(key, [r]);
      }
    }
    return map;
  }, [query.data, config.dateField, endField]);
  const perMonth = useMemo(() => countByMonth((query.data?.items ?? []).map((r) => dayOf(r.values[config.dateField]))), [query.data, config.dateField]);

  if (!dateField) return <Alert type="warning" showIcon message={t('views.calendar.noField')} />;

  const move = async (id: string, toDay: string) => {
    const r = query.data?.items.find((x) => x.id === id);
    const from = r && dayOf(r.values[config.dateField]);
    if (!r || !from || from === toDay) return;
    const days = dayjs(toDay).diff(dayjs(from), 'day');
    const values: Record<string, unknown> = { [config.dateField]: shift(r.values[config.dateField], days, dateField.type) };
    if (endField && r.values[endField.key]) values[endField.key] = shift(r.values[endField.key], days, endField.type);
    try {
      const moved = await updateRecord(app, subject.key, r.id, r.version, values);
      // other months may hold the event too: they read again when shown; this one takes the answer
      await client.invalidateQueries({ queryKey, refetchType: 'none' });
      client.setQueryData<typeof query.data>(monthKey, (month) => month && { ...month, items: month.items.map((x) => (x.id === r.id ? moved.record : x)), labels: { ...month.labels, ...moved.labels } });
      message.success(t('views.moved'));
    } catch (err) {
      message.error((err as Error).message);
      await client.invalidateQueries({ queryKey });
    }
  };

  const title = (r: RecordItem) => (titleKey ? groupText(r.values[titleKey], query.data?.labels ?? {}) : '') || r.id.slice(0, 8);
  /** One event: a draggable tag whose popover moves it to a date. */
  const event = (r: RecordItem) => (
    <Popover
      key={r.id}
      trigger="click"
      title={title(r)}
      content={
        canEdit ? (
          <Space direction="vertical">
            <Typography.Text>{t('views.calendar.moveTo')}</Typography.Text>
            <DatePicker data-testid="calendar-move-date" onChange={(d) => d && void move(r.id, d.format('YYYY-MM-DD'))} />
          </Space>
        ) : null
      }
    >
      <Tag
        color="blue"
        draggable={canEdit}
        data-testid="calendar-event"
        data-record={r.id}
        onDragStart={(e) => e.dataTransfer.setData('application/x-assay-event', r.id)}
        style={{ maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', cursor: canEdit ? 'grab' : 'pointer' }}
      >
        {title(r)}
      </Tag>
    </Popover>
  );

  return (
    <div data-testid="view-calendar">
      {messageHolder}
      {query.isFetching && <Spin size="small" />}
      {query.data?.truncated && <Alert type="warning" showIcon message={t('views.calendar.truncated', { max: MAX_EVENTS })} />}
      <Calendar
        value={month}
        mode={mode}
        onPanelChange={(d, m) => {
          setMonth(d);
          setMode(m);
        }}
        onSelect={(d, info) => {
          if (info.source === 'month') setMode('month');
          if (info.source !== 'date') setMonth(d);
        }}
        headerRender={({ value, onChange }) => (
          // any year in two clicks (antd's own header lists only ±10 years around the shown one)
          <Space style={{ justifyContent: 'flex-end', width: '100%', padding: '8px 0' }} wrap data-testid="calendar-header">
            <Button size="small" icon={<LeftOutlined />} aria-label={t('views.calendar.previous')} onClick={() => onChange(value.subtract(1, mode))} />
            <DatePicker
              picker={mode}
              allowClear={false}
              value={value}
              onChange={(d) => d && onChange(d)}
              data-testid="calendar-jump"
            />
            <Button size="small" icon={<RightOutlined />} aria-label={t('views.calendar.next')} onClick={() => onChange(value.add(1, mode))} />
            <Radio.Group size="small" value={mode} onChange={(e) => setMode(e.target.value as CalendarMode)} optionType="button" data-testid="calendar-mode">
              <Radio.Button value="month">{t('views.calendar.month')}</Radio.Button>
              <Radio.Button value="year">{t('views.calendar.year')}</Radio.Button>
            </Radio.Group>
          </Space>
        )}
        fullCellRender={(date, info) => {
          if (info.type === 'month') {
            // year mode: each month with its number of events; choosing it opens the month
            const n = perMonth.get(date.format('YYYY-MM')) ?? 0;
            return (
              <div data-testid={`calendar-month-${date.format('YYYY-MM')}`} style={{ minHeight: 64, padding: 4, margin: '0 2px', borderTop: '2px solid rgba(0,0,0,0.06)', textAlign: 'start' }}>
                <Typography.Text type="secondary">{date.format('MMM')}</Typography.Text>
                <div>{n > 0 ? <Tag color="blue">{t('views.calendar.monthCount', { n })}</Tag> : null}</div>
              </div>
            );
          }
          if (info.type !== 'date') return info.originNode;
          const key = date.format('YYYY-MM-DD');
          const events = byDay.get(key) ?? [];
          return (
            <div
              data-testid={`calendar-day-${key}`}
              onDragOver={(e) => canEdit && e.preventDefault()}
              onDrop={(e) => {
                e.preventDefault();
                const id = e.dataTransfer.getData('application/x-assay-event');
                if (id) void move(id, key);
              }}
              style={{ minHeight: 96, padding: 4, margin: '0 2px', borderTop: '2px solid rgba(0,0,0,0.06)', opacity: date.month() === month.month() ? 1 : 0.5, textAlign: 'start' }}
            >
              <Typography.Text type="secondary">{date.date()}</Typography.Text>
              <Space direction="vertical" size={2} style={{ width: '100%' }}>
                {events.slice(0, DAY_EVENTS).map(event)}
                {events.length > DAY_EVENTS && (
                  <Popover
                    trigger="click"
                    title={`${key} · ${events.length}`}
                    content={
                      <div data-testid="calendar-more-list" style={{ width: 240 }}>
                        <VirtualList data={events} itemKey="id" height={Math.min(events.length, 12) * EVENT_PX} itemHeight={EVENT_PX}>
                          {(r) => <div style={{ height: EVENT_PX }}>{event(r)}</div>}
                        </VirtualList>
                      </div>
                    }
                  >
                    <Typography.Link data-testid="calendar-more">{t('views.calendar.more', { n: events.length - DAY_EVENTS })}</Typography.Link>
                  </Popover>
                )}
              </Space>
            </div>
          );
        }}
      />
    </div>
  );
}
