/**
 * The schema editor of one subject (Subjects and fields), mounted by
 * `/admin/subject/:subject/edit` and by an application's settings: the fields in a drag-sortable
 * table (PUT …/fields/order), add/edit in FieldDrawer, delete to the recycle bin after a
 * confirmation, and the subject's own settings (name, icon, description, display field).
 * Data: GET /api/v1/applications/:app/subjects/:subject through react-query
 * (`keys('subjects').detail(app, subject)`); every change invalidates the whole subject family,
 * `keys('subjects').all` (the records screens, pickers and admin pages cache the same subject).
 * An unknown subject renders the 404 result in place.
 */
import { DragSortTable, type ProColumns } from '@ant-design/pro-components';
import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, message, Modal, Row, Space, Tag, Tooltip, Typography } from 'antd';
import React, { useState } from 'react';
import { useIntl } from 'umi';
import type { Field, SubjectDetail } from '../../../contracts';
import ExceptionResult from '../ExceptionResult';
import { ApiError } from '../../services/api-error';
import { getSubject, removeField, reorderFields } from '../../services/subjects';
import FieldDrawer from './FieldDrawer';
import { FieldTypeLabel } from './icons';
import SubjectSettingsForm from './SubjectSettingsForm';
import { validationLabels } from './validationSummary';
import { keys } from '../../services/query-keys';

/** The react-query key of one subject's detail by application slug and key. */
export const subjectDetailKey = (app: string, subject: string) => keys('subjects').detail(app, subject);

/** Which drawer is open: none, a new field, or a field by key. */
type DrawerState = { mode: 'closed' } | { mode: 'add'; n: number } | { mode: 'edit'; key: string };

/** The fields table's columns: handle, name, key, type, constraints, help, actions. */
function fieldColumns(
  t: (id: string, values?: Record<string, string | number>) => string,
  count: number,
  actions: { edit: (f: Field) => void; remove: (f: Field) => void; move: (from: number, to: number) => void },
): ProColumns<Field>[] {
  return [
    { title: '', dataIndex: 'sort', width: 36, className: 'drag-visible' },
    {
      title: t('field.name'),
      dataIndex: 'name',
      render: (_, f) => (
        <Typography.Link onClick={() => actions.edit(f)} data-testid={`field-row-${f.key}`}>
          {f.name}
        </Typography.Link>
      ),
    },
    {
      title: t('field.key'),
      dataIndex: 'key',
      render: (_, f) => (
        <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
          {f.key}
        </Typography.Text>
      ),
    },
    {
      title: t('field.type'),
      dataIndex: 'type',
      render: (_, f) => <FieldTypeLabel type={f.type} />,
      onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
    },
    {
      title: t('field.section.validation'),
      dataIndex: 'required',
      render: (_, f) => (
        <Space size={[0, 4]} wrap>
          {f.required && <Tag color="red">{t('field.required')}</Tag>}
          {f.unique && <Tag color="blue">{t('field.unique')}</Tag>}
          {validationLabels(f.validation, t).map((c) => (
            <Tag key={c.key} data-testid={`field-check-${f.key}-${c.key}`} style={c.code ? { fontFamily: 'monospace' } : undefined}>
              {c.label}
            </Tag>
          ))}
          {f.patternIssue && (
            <Tooltip title={t('field.validation.patternStored', { detail: f.patternIssue })}>
              <Tag color="warning" data-testid={`pattern-issue-${f.key}`}>
                {t('field.validation.patternIssueTag')}
              </Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    { title: t('field.help'), dataIndex: 'helpText', ellipsis: true, responsive: ['lg'] },
    {
      title: t('subject.actions'),
      valueType: 'option',
      width: 190,
      render: (_, f, index) => [
        <Tooltip key="up" title={t('field.moveUp')}>
          <Button
            type="text"
            size="small"
            icon={<ArrowUpOutlined />}
            disabled={index === 0}
            onClick={() => actions.move(index, index - 1)}
            aria-label={t('field.moveUp')}
          />
        </Tooltip>,
        <Tooltip key="down" title={t('field.moveDown')}>
          <Button
            type="text"
            size="small"
            icon={<ArrowDownOutlined />}
            disabled={index === count - 1}
            onClick={() => actions.move(index, index + 1)}
            aria-label={t('field.moveDown')}
          />
        </Tooltip>,
        <Button key="edit" type="link" size="small" onClick={() => actions.edit(f)} data-testid={`edit-field-${f.key}`}>
          {t('field.edit')}
        </Button>,
        <Button
          key="delete"
          type="link"
          size="small"
          danger
          onClick={() => actions.remove(f)}
          data-testid={`delete-field-${f.key}`}
        >
          {t('field.delete')}
        </Button>,
      ],
    },
  ];
}

export default function SchemaEditor({ app, subject }: { app: string; subject: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const [drawer, setDrawer] = useState<DrawerState>({ mode: 'closed' });
  /** The order shown while a reorder is on its way (undefined = the server's). */
  const [pendingOrder, setPendingOrder] = useState<Field[]>();
  const key = subjectDetailKey(app, subject);
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => getSubject(app, subject, signal) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys('subjects').all });

  if (query.error) {
    const status = query.error instanceof ApiError ? query.error.status : 500;
    return <ExceptionResult code={status === 404 || status === 400 ? 404 : status === 403 ? 403 : 500} />;
  }
  const detail = query.data;
  const fields = pendingOrder ?? detail?.fields ?? [];

  const saveOrder = async (next: Field[]) => {
    setPendingOrder(next);
    try {
      await reorderFields(
        app,
        subject,
        next.map((f) => f.key),
      );
      queryClient.setQueryData<SubjectDetail>(key, (old) =>
        old ? { ...old, fields: next.map((f, i) => ({ ...f, position: i })) } : old,
      );
      message.success(t('field.reordered'));
      void refresh();
    } catch (e) {
      message.error(e instanceof Error ? e.message : String(e));
    } finally {
      setPendingOrder(undefined);
    }
  };
  const move = (from: number, to: number) => {
    if (to < 0 || to >= fields.length) return;
    const next = [...fields];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved);
    void saveOrder(next);
  };
  const remove = (f: Field) =>
    modal.confirm({
      title: t('field.deleteConfirm', { name: f.name }),
      content: t('field.deleteDesc'),
      okText: t('field.delete'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete-field' },
      onOk: async () => {
        try {
          await removeField(app, subject, f.key);
          message.success(t('field.deleted', { name: f.name }));
          await refresh();
        } catch (e) {
          message.error(e instanceof Error ? e.message : String(e));
        }
      },
    });

  const editing = drawer.mode === 'edit' ? detail?.fields.find((f) => f.key === drawer.key) : undefined;
  return (
    <div data-testid="schema-editor">
      {modalHolder}
      <Row gutter={[16, 16]}>
        <Col xs={24} xxl={16}>
          <Card
            title={t('subject.fields')}
            loading={query.isLoading}
            extra={
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setDrawer({ mode: 'add', n: Date.now() })}
                data-testid="add-field"
              >
                {t('field.add')}
              </Button>
            }
          >
            <Typography.Paragraph type="secondary">{t('field.dragHelp')}</Typography.Paragraph>
            <div data-testid="fields-table">
              <DragSortTable<Field>
                rowKey="key"
                columns={fieldColumns(t, fields.length, { edit: (f) => setDrawer({ mode: 'edit', key: f.key }), remove, move })}
                dataSource={fields}
                dragSortKey="sort"
                // the handle's own icon: ProTable's default spreads the drag attributes (role="button", tabindex)
                // on both the handle and its icon, a button inside a button (axe "nested-interactive"); ProTable's class kept
                dragSortHandlerRender={() => (
                  <HolderOutlined className="ant-pro-table-drag-icon" aria-label={t('field.dragHelp')} style={{ cursor: 'grab' }} />
                )}
                onDragSortEnd={(_before, _after, next) => saveOrder(next)}
                search={false}
                toolBarRender={false}
                options={false}
                pagination={false}
                size="small"
                locale={{ emptyText: t('subject.noFields') }}
              />
            </div>
          </Card>
        </Col>
        <Col xs={24} xxl={8}>
          <Card title={t('subject.settings')} loading={query.isLoading}>
            {detail && (
              <div style={{ maxWidth: 720 }}>
                <SubjectSettingsForm
                  key={detail.id}
                  subject={detail}
                  onSaved={(saved) => {
                    queryClient.setQueryData(key, saved);
                    void refresh();
                  }}
                />
              </div>
            )}
          </Card>
        </Col>
      </Row>
      {detail && drawer.mode !== 'closed' && (
        <FieldDrawer
          key={drawer.mode === 'edit' ? `edit-${drawer.key}` : `add-${drawer.n}`}
          app={app}
          subject={subject}
          fields={detail.fields}
          field={editing}
          open
          onOpenChange={(o) => {
            if (!o) setDrawer({ mode: 'closed' });
          }}
          onSaved={() => {
            setDrawer({ mode: 'closed' });
            void refresh();
          }}
        />
      )}
    </div>
  );
}
