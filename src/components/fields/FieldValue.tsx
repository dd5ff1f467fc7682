/**
 * FieldValue: one field's value, read-only, per type (contracts/records.ts shapes): numbers with
 * the field's precision, money in its currency (Intl.NumberFormat), percentages, dates as
 * 'YYYY-MM-DD', datetimes in the browser's zone, booleans, select options as coloured tags,
 * users and related records by the page's `labels`, attachments as download links by `files`,
 * rich text as the server-sanitised HTML (`compact`: its text on one line), formula, auto number
 * and system fields. Empty renders a dash.
 */
import { CheckOutlined, CloseOutlined, PaperClipOutlined } from '@ant-design/icons';
import { Space, Tag, Typography } from 'antd';
import React from 'react';
import { Link, useIntl } from 'umi';
import type { Attachment, Field } from '../../../contracts';
import { textColorOn } from '../../../config/theme';
import { attachmentUrl } from '../../services/records';
import { useFieldContext } from './FieldContext';
import { choiceColor, choiceText, formatDate, formatDatetime, formatMoney, formatNumber, formatPercent, htmlToText } from './format';

export interface FieldValueProps {
  field: Pick<Field, 'type' | 'options'> & Partial<Pick<Field, 'key' | 'name' | 'locked'>>;
  value: unknown;
  /** One line, truncated (grid cells); rich text shows its text only. */
  compact?: boolean;
  /** Names of user and record ids (default: the FieldContext's). */
  labels?: Record<string, string>;
  /** Attachments by id (default: the FieldContext's). */
  files?: Record<string, Attachment>;
}

const EMPTY = <Typography.Text type="secondary">-</Typography.Text>;

/** Shows bytes as "12.3 KB". */
export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(1)} KB`;
  return `${(size / 1024 / 1024).toFixed(1)} MB`;
}

function Bool({ value }: { value: unknown }) {
  const intl = useIntl();
  if (value === true)
    return (
      <Tag icon={<CheckOutlined />} color="success">
        {intl.formatMessage({ id: 'records.value.yes' })}
      </Tag>
    );
  if (value === false) return <Tag icon={<CloseOutlined />}>{intl.formatMessage({ id: 'records.value.no' })}</Tag>;
  return EMPTY;
}

function Text({ text, compact }: { text: string; compact?: boolean }) {
  if (compact)
    return (
      <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: 320 }}>
        {text}
      </Typography.Text>
    );
  return <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{text}</span>;
}

export default function FieldValue({ field, value, compact, labels: labelsProp, files: filesProp }: FieldValueProps) {
  const intl = useIntl();
  const ctx = useFieldContext();
  const labels = labelsProp ?? ctx.labels;
  const files = filesProp ?? ctx.files;
  const locale = intl.locale;
  const opts = field.options ?? {};
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return EMPTY;

  switch (field.type) {
    case 'number':
      return <span className="assay-num">{formatNumber(value, locale, opts.precision)}</span>;
    case 'money':
      return <span className="assay-num">{formatMoney(value, locale, opts.currency, opts.precision ?? 2)}</span>;
    case 'percent':
      return <span className="assay-num">{formatPercent(value, locale, opts.precision)}</span>;
    case 'date':
      return <span>{formatDate(value)}</span>;
    case 'datetime':
    case 'createdAt':
    case 'updatedAt':
      return <span title={String(value)}>{formatDatetime(value, opts.showSeconds)}</span>;
    case 'boolean':
      return <Bool value={value} />;
    case 'singleSelect': {
      const label = String(value);
      const color = choiceColor(field, label);
      return (
        <Tag color={color || undefined} style={{ color: textColorOn(color) }}>
          {choiceText(field, label, intl.messages)}
        </Tag>
      );
    }
    case 'multiSelect':
      return (
        <Space size={[0, 4]} wrap>
          {(Array.isArray(value) ? value : [value]).map((v) => (
            <Tag
              key={String(v)}
              color={choiceColor(field, String(v)) || undefined}
              style={{ color: textColorOn(choiceColor(field, String(v))) }}
            >
              {choiceText(field, String(v), intl.messages)}
            </Tag>
          ))}
        </Space>
      );
    case 'email':
      return <a href={`mailto:${String(value)}`}>{String(value)}</a>;
    case 'url': {
      const href = String(value);
      return /^https?:\/\//i.test(href) ? (
        <Typography.Link href={href} target="_blank" rel="noopener noreferrer" ellipsis={compact}>
          {href}
        </Typography.Link>
      ) : (
        <span>{href}</span>
      );
    }
    case 'phone':
      return <a href={`tel:${String(value)}`}>{String(value)}</a>;
    case 'user':
    case 'createdBy':
    case 'updatedBy':
      return <span>{labels[String(value)] ?? String(value)}</span>;
    case 'relation': {
      const ids = (Array.isArray(value) ? value : [value]).map(String);
      return (
        <Space size={[4, 0]} wrap>
          {ids.map((id) => {
            const text = labels[id] ?? id;
            const href = ctx.recordHref?.(opts.targetSubjectId, id);
            return href ? (
              <Link key={id} to={href}>
                {text}
              </Link>
            ) : (
              <span key={id}>{text}</span>
            );
          })}
        </Space>
      );
    }
    case 'attachment': {
      const ids = (Array.isArray(value) ? value : [value]).map(String);
      return (
        <Space direction={compact ? 'horizontal' : 'vertical'} size={[8, 0]} wrap>
          {ids.map((id) => {
            const f = files[id];
            return (
              <a
                key={id}
                href={attachmentUrl(id)}
                target="_blank"
                rel="noopener noreferrer"
                title={f ? formatBytes(f.size) : undefined}
              >
                <PaperClipOutlined /> {f?.fileName ?? id}
              </a>
            );
          })}
        </Space>
      );
    }
    case 'richText':
      if (compact) return <Text text={htmlToText(String(value))} compact />;
      // Server-sanitised on save (an allow-list without scripts, handlers or styles).
      return <div className="assay-rich-text" dangerouslySetInnerHTML={{ __html: String(value) }} />;
    case 'formula':
      if (opts.resultType === 'number') return <span className="assay-num">{formatNumber(value, locale, opts.precision)}</span>;
      if (opts.resultType === 'boolean') return <Bool value={value} />;
      if (opts.resultType === 'date') return <span>{formatDate(value)}</span>;
      return <Text text={String(value)} compact={compact} />;
    case 'autoNumber':
      return <Typography.Text code>{String(value)}</Typography.Text>;
    default:
      return <Text text={typeof value === 'string' ? value : JSON.stringify(value)} compact={compact} />;
  }
}
