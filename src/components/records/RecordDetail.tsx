/**
 * RecordDetail: one record, used by `/:app/:subject/:record` and
 * `/admin/record/:record`. Loads the subject (fields) and the record (values, labels, files,
 * tags, categories); an unknown one renders 404 in place. Shows the values (edit with the
 * record's version, conflicts shown: RecordValues) under its unresolved rule incidents
 * (RecordIncidents, none: nothing shown), the history timeline with restore and compare
 * links, comments, attached files, tags and categories, and deletes the record (confirmed, to
 * the recycle bin). Viewers read and comment; editors write.
 */
import { DeleteOutlined } from '@ant-design/icons';
import { PageContainer } from '@ant-design/pro-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Modal, Tabs, Typography, message } from 'antd';
import React, { useMemo } from 'react';
import { history, useIntl } from 'umi';
import ExceptionResult from '../ExceptionResult';
import Loading from '../../loading';
import { ApiError, toApiError } from '../../services/api-error';
import { getRecordDetail, removeRecord } from '../../services/records';
import { getSubject } from '../../services/subjects';
import { FieldContextProvider, formatDatetime, useAppSubjects, valueToText, type FieldContextValue } from '../fields';
import RecordAttachments from './detail/RecordAttachments';
import RecordComments from './detail/RecordComments';
import RecordHistory from './detail/RecordHistory';
import RecordIncidents from './detail/RecordIncidents';
import RecordTags from './detail/RecordTags';
import RecordValues from './detail/RecordValues';
import { keys } from '../../services/query-keys';
import { BADGE_NEUTRAL } from '../../../config/theme';
import RunTriggerButton from '../triggers/RunTriggerButton';

export interface RecordDetailProps {
  /** The application's slug. */
  app: string;
  subjectKey: string;
  recordId: string;
  /** Editors, owners and administrators. */
  canEdit: boolean;
  /** Owners and administrators (delete anyone's comment). */
  canManage: boolean;
  /** The grid this record belongs to (back link, and where a deleted record leaves to). */
  listHref: string;
  /** The page of a related record (target subject id, record id); default: the workspace's. */
  relatedHref?: (targetSubjectId: string | undefined, id: string) => string | undefined;
  /** Beside the title instead of the subject's name (e.g. "application / subject" in the console). */
  subTitle?: (subjectName: string) => React.ReactNode;
}

/** Record ids are UUIDs: anything else names no record (404 without asking the server). */
export const RECORD_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function statusOf(error: unknown): number {
  return error instanceof ApiError ? error.status : 0;
}

export default function RecordDetail({
  app,
  subjectKey,
  recordId,
  canEdit,
  canManage,
  listHref,
  relatedHref,
  subTitle,
}: RecordDetailProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const queryClient = useQueryClient();
  const [modal, contextHolder] = Modal.useModal();
  const subjectQuery = useQuery({
    queryKey: keys('subjects').detail(app, subjectKey),
    queryFn: ({ signal }) => getSubject(app, subjectKey, signal),
    enabled: RECORD_ID_PATTERN.test(recordId),
  });
  const recordKey = keys('records').detail(app, subjectKey, recordId);
  const validId = RECORD_ID_PATTERN.test(recordId);
  // The record is asked for once the subject is known, so an unknown subject costs one 404.
  const recordQuery = useQuery({
    queryKey: recordKey,
    queryFn: ({ signal }) => getRecordDetail(app, subjectKey, recordId, signal),
    enabled: validId && subjectQuery.isSuccess,
  });
  const subjects = useAppSubjects(app);
  const detail = recordQuery.data;

  const related = useMemo(
    () =>
      relatedHref ??
      ((targetId: string | undefined, id: string) => {
        const target = subjects.data?.find((s) => s.id === targetId);
        return target ? `/${app}/${target.key}/${id}` : undefined;
      }),
    [relatedHref, subjects.data, app],
  );
  const context: FieldContextValue = useMemo(
    () => ({ app, subjectKey, labels: detail?.labels ?? {}, files: detail?.files ?? {}, recordHref: related }),
    [app, subjectKey, detail, related],
  );

  if (!validId) return <ExceptionResult code={404} />;
  const failed = subjectQuery.error ?? recordQuery.error;
  if (failed) {
    const status = statusOf(failed);
    if (status === 404 || status === 400) return <ExceptionResult code={404} />;
    if (status === 403) return <ExceptionResult code={403} />;
    return (
      <Card>
        <Typography.Text type="danger">{failed.message}</Typography.Text>{' '}
        <Button onClick={() => void Promise.all([subjectQuery.refetch(), recordQuery.refetch()])}>{t('common.retry')}</Button>
      </Card>
    );
  }
  const subject = subjectQuery.data;
  if (!subject || !detail) return <Loading />;
  const record = detail.record;

  /** Re-reads the record (and so its history, keyed by version). */
  const refresh = () => queryClient.invalidateQueries({ queryKey: recordKey });
  const display = subject.fields.find((f) => f.key === subject.displayField);
  const title = (display && valueToText(display, record.values[display.key], intl.locale, detail.labels)) || record.id;
  const who = (id: string | null) => (id ? (detail.labels[id] ?? id) : t('records.history.system'));

  const remove = async () => {
    const ok = await modal.confirm({
      title: t('records.delete'),
      content: t('records.delete.confirm'),
      okButtonProps: { danger: true, 'data-testid': 'record-delete-confirm' },
    });
    if (!ok) return;
    try {
      await removeRecord(app, subjectKey, recordId);
      message.success(t('records.deleted'));
      // marked stale, not refetched now: this page's own queries would ask for the deleted record (404s) before it unmounts
      void queryClient.invalidateQueries({ queryKey: keys('records').all, refetchType: 'none' });
      history.push(listHref);
    } catch (e) {
      message.error(toApiError(e).message);
    }
  };

  return (
    <FieldContextProvider value={context}>
      {contextHolder}
      <PageContainer
        title={<span data-testid="record-title">{title}</span>}
        subTitle={subTitle ? subTitle(subject.name) : subject.name}
        onBack={() => history.push(listHref)}
        extra={
          canEdit
            ? [
                <RunTriggerButton key="trigger" app={app} subjectKey={subjectKey} recordIds={[recordId]} />,
                <Button key="delete" danger icon={<DeleteOutlined />} onClick={() => void remove()} data-testid="record-delete">
                  {t('records.delete')}
                </Button>,
              ]
            : []
        }
        content={
          <Typography.Text type="secondary" data-testid="record-meta">
            {t('records.detail.meta', {
              version: record.version,
              createdAt: formatDatetime(record.createdAt),
              createdBy: who(record.createdBy),
              updatedAt: formatDatetime(record.updatedAt),
              updatedBy: who(record.updatedBy),
            })}
          </Typography.Text>
        }
      >
        <RecordIncidents incidents={detail.incidents ?? []} />
        <RecordValues key={record.id} app={app} subject={subject} detail={detail} canEdit={canEdit} onSaved={refresh} />
        <Card style={{ marginTop: 16 }}>
          <Tabs
            destroyOnHidden
            items={[
              {
                key: 'history',
                label: (
                  <span data-testid="tab-history">
                    {t('records.tab.history')} <Badge count={record.version} showZero color={BADGE_NEUTRAL} size="small" />
                  </span>
                ),
                children: <RecordHistory app={app} subject={subject} record={record} canEdit={canEdit} onRestored={refresh} />,
              },
              {
                key: 'comments',
                label: <span data-testid="tab-comments">{t('records.tab.comments')}</span>,
                children: (
                  <RecordComments
                    app={app}
                    subjectKey={subjectKey}
                    recordId={recordId}
                    canWrite={canEdit}
                    canModerate={canManage}
                  />
                ),
              },
              {
                key: 'attachments',
                label: <span data-testid="tab-attachments">{t('records.tab.attachments')}</span>,
                children: <RecordAttachments app={app} subjectKey={subjectKey} recordId={recordId} canEdit={canEdit} />,
              },
              {
                key: 'tags',
                label: <span data-testid="tab-tags">{t('records.tab.tags')}</span>,
                children: (
                  <RecordTags
                    app={app}
                    subjectKey={subjectKey}
                    recordId={recordId}
                    tagIds={detail.tagIds}
                    categoryIds={detail.categoryIds}
                    canEdit={canEdit}
                    onSaved={refresh}
                  />
                ),
              },
            ]}
          />
        </Card>
      </PageContainer>
    </FieldContextProvider>
  );
}
