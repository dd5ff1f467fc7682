/**
 * RecordIncidents: the record's unresolved incidents (RecordDetail.incidents, docs/rules.md
 * "Runs, results, incidents") in a small panel above its values — each rule's name, its severity
 * and state, and its message in the page's language. Nothing is shown when there are none.
 * `ruleWarningsText` words a write's warnings for the "saved with warnings" message of the forms.
 */
import { Alert, Space, Tag, Typography } from 'antd';
import React from 'react';
import { useIntl } from 'umi';
import type { RecordIncident, RecordRuleWarning } from '../../../../contracts';
import { formatDatetime } from '../../fields';
import { useT } from '../../useT';

/** The message of an incident or warning in `locale` (zh-CN, else English). */
export function ruleMessageOf(item: Pick<RecordRuleWarning, 'messageZh' | 'messageEn'>, locale: string): string {
  return locale.startsWith('zh') ? item.messageZh : item.messageEn;
}

/** "Saved with warnings" text for a write's `warnings` (none: undefined). */
export function ruleWarningsText(
  warnings: RecordRuleWarning[] | undefined,
  locale: string,
  format: (id: string, values: Record<string, string | number>) => string,
): string | undefined {
  if (!warnings || warnings.length === 0) return undefined;
  return format('records.rules.savedWithWarnings', { n: warnings.length, list: warnings.map((w) => ruleMessageOf(w, locale)).join('; ') });
}

export interface RecordIncidentsProps {
  incidents: RecordIncident[];
}

export default function RecordIncidents({ incidents }: RecordIncidentsProps) {
  const intl = useIntl();
  const t = useT();
  if (incidents.length === 0) return null;
  const blocking = incidents.some((i) => i.severity === 'blocking');
  return (
    <Alert
      data-testid="record-incidents"
      style={{ marginBottom: 16 }}
      type={blocking ? 'error' : 'warning'}
      showIcon
      message={t('records.incidents.title', { n: incidents.length })}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {incidents.map((i) => (
            <li key={i.id} data-testid="record-incident">
              <Space size={4} wrap>
                <Typography.Text strong>{i.name}</Typography.Text>
                <Tag color={i.severity === 'blocking' ? 'red' : 'orange'}>{t(`records.incidents.severity.${i.severity}`)}</Tag>
                <Tag>{t(`records.incidents.state.${i.state}`)}</Tag>
                <Typography.Text>{ruleMessageOf(i, intl.locale)}</Typography.Text>
                {i.state === 'waived' && i.waiverExpiresAt ? (
                  <Typography.Text type="secondary">{t('records.incidents.waivedUntil', { date: formatDatetime(i.waiverExpiresAt) })}</Typography.Text>
                ) : null}
              </Space>
            </li>
          ))}
        </ul>
      }
    />
  );
}
