/**
 * The folder tree of a documents scope (left of FilesBrowser): "All documents", "No folder" and the
 * scope's folders built into a tree from the flat list. Editors create (under the selected folder),
 * rename, set the retention in days (empty clears) and delete (confirmation; the server's 409 "not
 * empty" message is shown as it is). Arrow keys move in the tree, Enter selects (antd Tree).
 */
import { DeleteOutlined, EditOutlined, FieldTimeOutlined, FolderAddOutlined, FolderOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, InputNumber, Modal, Space, Spin, Tooltip, Tree, Typography, message } from 'antd';
import type { DataNode } from 'antd/es/tree';
import React, { useMemo, useState } from 'react';
import { DOCUMENT_NAME_MAX } from '../../../contracts/documents.constants';
import { submitForm, toApiError } from '../../services/api-error';
import { useT } from '../useT';
import { createFolder, listFolders, removeFolder, updateFolder } from './api';
import { type DocumentScope, scopeKey } from './scope';
import type { DocumentFolder } from './types';

/** 'all' (every document), 'root' (no folder) or a folder id. */
export type FolderSelection = string;

/** Builds antd Tree nodes from the flat folder list (children sorted by name; orphans at the top). */
export function folderNodes(folders: DocumentFolder[]): DataNode[] {
  const ids = new Set(folders.map((f) => f.id));
  const byParent = new Map<string | null, DocumentFolder[]>();
  for (const f of folders) {
    const parent = f.parentId && ids.has(f.parentId) ? f.parentId : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), f]);
  }
  const build = (parent: string | null): DataNode[] =>
    (byParent.get(parent) ?? [])
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((f) => ({
        key: f.id,
        title: (
          <span data-testid={`folder-${f.name}`} title={f.name} style={{ wordBreak: 'break-word' }}>
            {f.name}{' '}
            <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
              ({f.documentCount})
            </Typography.Text>
          </span>
        ),
        icon: <FolderOutlined />,
        children: build(f.id),
      }));
  return build(null);
}

type Dialog =
  { kind: 'create' } | { kind: 'rename'; folder: DocumentFolder } | { kind: 'retention'; folder: DocumentFolder } | null;

/** The tree with its toolbar; `selected` / `onSelect` the current folder, `canEdit` shows the writes. */
export default function FolderTree({
  scope,
  selected,
  onSelect,
  canEdit,
}: {
  scope: DocumentScope;
  selected: FolderSelection;
  onSelect: (s: FolderSelection) => void;
  canEdit: boolean;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const key = ['document-folders', scopeKey(scope)];
  const folders = useQuery({ queryKey: key, queryFn: () => listFolders(scope) });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [form] = Form.useForm<{ name?: string; retentionDays?: number | null }>();
  const current = folders.data?.find((f) => f.id === selected) ?? null;
  const nodes = useMemo<DataNode[]>(
    () => [
      { key: 'all', title: <span data-testid="folder-all">{t('documents.folders.all')}</span>, icon: <FolderOutlined /> },
      { key: 'root', title: <span data-testid="folder-root">{t('documents.folders.root')}</span>, icon: <FolderOutlined /> },
      ...folderNodes(folders.data ?? []),
    ],
    [folders.data, t],
  );
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });

  const open = (d: Dialog) => {
    form.resetFields();
    if (d?.kind === 'rename') form.setFieldsValue({ name: d.folder.name });
    if (d?.kind === 'retention') form.setFieldsValue({ retentionDays: d.folder.retentionDays });
    setDialog(d);
  };
  const save = () =>
    submitForm(form, async () => {
      const v = await form.validateFields();
      if (dialog?.kind === 'create') {
        const f = await createFolder(scope, { name: v.name!.trim(), parentId: current?.id ?? null });
        onSelect(f.id);
      } else if (dialog?.kind === 'rename') await updateFolder(dialog.folder.id, { name: v.name!.trim() });
      else if (dialog?.kind === 'retention') await updateFolder(dialog.folder.id, { retentionDays: v.retentionDays ?? null });
      message.success(t('documents.folders.saved'));
      setDialog(null);
      await refresh();
    });
  const remove = (folder: DocumentFolder) =>
    Modal.confirm({
      title: t('documents.folders.delete.confirm', { name: folder.name }),
      content: t('documents.folders.delete.desc'),
      okText: t('documents.delete'),
      okButtonProps: { danger: true, 'data-testid': 'folder-delete-ok' },
      cancelText: t('documents.cancel'),
      onOk: async () => {
        try {
          await removeFolder(folder.id);
          message.success(t('documents.folders.deleted'));
          onSelect('all');
          await refresh();
        } catch (e) {
          // 409: the server says how many documents or folders it still holds
          Modal.error({ title: t('documents.folders.delete.failed'), content: toApiError(e).message });
        }
      },
    });

  return (
    <Card
      size="small"
      title={t('documents.folders.title')}
      data-testid="folder-tree"
      extra={
        canEdit && (
          <Space size={0}>
            <Tooltip title={t('documents.folders.new')}>
              <Button
                type="text"
                size="small"
                icon={<FolderAddOutlined />}
                aria-label={t('documents.folders.new')}
                data-testid="folder-new"
                onClick={() => open({ kind: 'create' })}
              />
            </Tooltip>
            <Tooltip title={t('documents.folders.rename')}>
              <Button
                type="text"
                size="small"
                icon={<EditOutlined />}
                disabled={!current}
                aria-label={t('documents.folders.rename')}
                data-testid="folder-rename"
                onClick={() => current && open({ kind: 'rename', folder: current })}
              />
            </Tooltip>
            <Tooltip title={t('documents.folders.retention')}>
              <Button
                type="text"
                size="small"
                icon={<FieldTimeOutlined />}
                disabled={!current}
                aria-label={t('documents.folders.retention')}
                data-testid="folder-retention"
                onClick={() => current && open({ kind: 'retention', folder: current })}
              />
            </Tooltip>
            <Tooltip title={t('documents.folders.delete')}>
              <Button
                type="text"
                size="small"
                danger
                icon={<DeleteOutlined />}
                disabled={!current}
                aria-label={t('documents.folders.delete')}
                data-testid="folder-delete"
                onClick={() => current && remove(current)}
              />
            </Tooltip>
          </Space>
        )
      }
    >
      {folders.isLoading ? (
        <Spin />
      ) : (
        <Tree
          showIcon
          blockNode
          defaultExpandAll
          treeData={nodes}
          selectedKeys={[selected]}
          onSelect={(keys) => keys.length > 0 && onSelect(String(keys[0]))}
        />
      )}
      {current?.retentionDays != null && (
        <Typography.Paragraph
          type="secondary"
          style={{ marginTop: 8, marginBottom: 0, fontSize: 12 }}
          data-testid="folder-retention-info"
        >
          {t('documents.folders.retentionInfo', { days: current.retentionDays })}
        </Typography.Paragraph>
      )}
      <Modal
        open={!!dialog}
        title={t(
          dialog?.kind === 'create'
            ? 'documents.folders.new'
            : dialog?.kind === 'rename'
              ? 'documents.folders.rename'
              : 'documents.folders.retention',
        )}
        onCancel={() => setDialog(null)}
        onOk={save}
        okText={t('documents.save')}
        cancelText={t('documents.cancel')}
        okButtonProps={{ 'data-testid': 'folder-save' }}
        destroyOnClose
      >
        <Form name="document-folder" form={form} layout="vertical" onFinish={save}>
          {dialog?.kind === 'retention' ? (
            <Form.Item
              name="retentionDays"
              label={t('documents.folders.retentionDays')}
              extra={t('documents.folders.retentionHelp')}
            >
              <InputNumber min={1} max={36500} precision={0} style={{ width: 200 }} data-testid="folder-retention-days" />
            </Form.Item>
          ) : (
            <>
              {dialog?.kind === 'create' && current && (
                <Typography.Paragraph type="secondary">
                  {t('documents.folders.under', { name: current.name })}
                </Typography.Paragraph>
              )}
              <Form.Item
                name="name"
                label={t('documents.folders.name')}
                rules={[{ required: true, whitespace: true, message: t('documents.required') }, { max: DOCUMENT_NAME_MAX }]}
              >
                <Input autoFocus maxLength={DOCUMENT_NAME_MAX} data-testid="folder-name" onPressEnter={save} />
              </Form.Item>
            </>
          )}
        </Form>
      </Modal>
    </Card>
  );
}
