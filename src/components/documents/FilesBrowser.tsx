/**
 * The evidence store of one scope (docs/documents-web.md): the folder tree on the left, on the right the
 * drag-and-drop upload (editors) and the documents of the selected folder in a ProTable (name, file
 * name, version, size, category, tags, updated by/at, legal hold; search over names and extracted
 * text, tag and category filters, paging, sort by name, size or update time). A row's name opens the
 * detail (`openDetail`: the console's detail page or the application's drawer); Preview opens the
 * viewer in a modal. Shared by `/:app/files` (scope app) and `/admin/document` (scope console).
 */
import { DeleteOutlined, DownloadOutlined, EyeOutlined, LockOutlined } from '@ant-design/icons';
import { type ActionType, type ProColumns, ProTable } from '@ant-design/pro-components';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Col, Empty, Input, Row, Space, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import React, { useRef, useState } from 'react';
import { download } from '../../utils/download';
import { formatBytes } from '../fields/FieldValue';
import { useT } from '../useT';
import { confirmDeleteDocument } from './confirmDelete';
import { listDocuments, versionUrl } from './api';
import FolderTree, { type FolderSelection } from './FolderTree';
import { type PreviewTarget, PreviewModal } from './Preview';
import { type DocumentScope, scopeKey } from './scope';
import type { DocumentSummary } from './types';
import UploadPanel from './UploadPanel';

const SORT_FIELDS: Record<string, string> = { name: 'name', size: 'size', updatedAt: 'updatedAt' };

/** A row's preview target (its current version). */
export const currentTarget = (d: DocumentSummary): PreviewTarget => ({
  documentId: d.id,
  version: d.currentVersion,
  name: d.name,
  fileName: d.fileName,
  mimeType: d.mimeType,
  size: d.size,
});

/** The browser; `canEdit` shows upload, folder writes and delete; `openDetail(id)` opens a document. */
export default function FilesBrowser({
  scope,
  canEdit,
  openDetail,
}: {
  scope: DocumentScope;
  canEdit: boolean;
  openDetail: (id: string) => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const action = useRef<ActionType>();
  const [folder, setFolder] = useState<FolderSelection>('all');
  const [q, setQ] = useState('');
  const [tag, setTag] = useState('');
  const [category, setCategory] = useState('');
  const [preview, setPreview] = useState<PreviewTarget | null>(null);
  const filtered = q !== '' || tag !== '' || category !== '';

  const changed = () => {
    action.current?.reload();
    void queryClient.invalidateQueries({ queryKey: ['document-folders', scopeKey(scope)] });
  };
  const remove = (row: DocumentSummary) => confirmDeleteDocument(t, row, changed);

  const columns: ProColumns<DocumentSummary>[] = [
    {
      title: t('documents.col.name'),
      dataIndex: 'name',
      sorter: true,
      fixed: 'left',
      width: 240,
      ellipsis: true,
      render: (_, row) => (
        <Space size={4}>
          <Typography.Link onClick={() => openDetail(row.id)} data-testid="document-link">
            {row.name}
          </Typography.Link>
          {row.legalHold && (
            <Tooltip title={t('documents.hold.badge')}>
              <Tag color="volcano" icon={<LockOutlined />} data-testid="document-hold">
                {t('documents.hold.short')}
              </Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    { title: t('documents.col.fileName'), dataIndex: 'fileName', width: 200, ellipsis: true },
    {
      title: t('documents.col.version'),
      dataIndex: 'currentVersion',
      width: 80,
      render: (_, row) => <span data-testid="document-version">v{row.currentVersion}</span>,
    },
    { title: t('documents.col.size'), dataIndex: 'size', sorter: true, width: 100, render: (_, row) => formatBytes(row.size) },
    { title: t('documents.col.category'), dataIndex: 'category', width: 120, render: (_, row) => row.category ?? '–' },
    {
      title: t('documents.col.tags'),
      dataIndex: 'tags',
      width: 140,
      render: (_, row) =>
        row.tags.length
          ? row.tags.map((x) => (
              <Tag key={x} style={{ cursor: 'pointer' }} onClick={() => setTag(x)}>
                {x}
              </Tag>
            ))
          : '–',
    },
    { title: t('documents.col.updatedBy'), dataIndex: 'updatedByLabel', width: 130, ellipsis: true },
    {
      title: t('documents.col.updatedAt'),
      dataIndex: 'updatedAt',
      sorter: true,
      defaultSortOrder: 'descend',
      width: 150,
      render: (_, row) => dayjs(row.updatedAt).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: t('documents.col.actions'),
      valueType: 'option',
      fixed: 'right',
      width: 120,
      render: (_, row) => [
        <Tooltip key="p" title={t('documents.preview')}>
          <Button
            type="text"
            size="small"
            icon={<EyeOutlined />}
            aria-label={t('documents.preview')}
            data-testid="document-preview"
            onClick={() => setPreview(currentTarget(row))}
          />
        </Tooltip>,
        <Tooltip key="d" title={t('documents.download')}>
          <Button
            type="text"
            size="small"
            icon={<DownloadOutlined />}
            aria-label={t('documents.download')}
            onClick={() => download(versionUrl(row.id, row.currentVersion, true))}
          />
        </Tooltip>,
        canEdit && (
          <Tooltip key="x" title={t('documents.delete')}>
            <Button
              type="text"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('documents.delete')}
              disabled={row.legalHold}
              onClick={() => remove(row)}
            />
          </Tooltip>
        ),
      ],
    },
  ];

  return (
    <Row gutter={16} wrap={false} style={{ alignItems: 'flex-start' }}>
      <Col flex="260px">
        <FolderTree scope={scope} selected={folder} onSelect={setFolder} canEdit={canEdit} />
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          {canEdit && (
            <UploadPanel
              scope={scope}
              folderId={folder === 'all' || folder === 'root' ? undefined : folder}
              onUploaded={changed}
            />
          )}
          <ProTable<DocumentSummary, { folder: string; q: string; tag: string; category: string }>
            rowKey="id"
            actionRef={action}
            columns={columns}
            search={false}
            scroll={{ x: 1260 }}
            options={{ reload: true, density: false, setting: false }}
            params={{ folder, q, tag, category }}
            data-testid="documents-table"
            pagination={{ defaultPageSize: 20, showSizeChanger: true, pageSizeOptions: [10, 20, 50, 100] }}
            locale={{
              emptyText: (
                <Empty
                  description={t(filtered ? 'documents.empty.filtered' : canEdit ? 'documents.empty.upload' : 'documents.empty')}
                />
              ),
            }}
            toolBarRender={() => [
              <Input.Search
                key="q"
                allowClear
                placeholder={t('documents.search')}
                aria-label={t('documents.search')}
                style={{ width: 240 }}
                onSearch={setQ}
                data-testid="documents-search"
              />,
              <Input
                key="tag"
                allowClear
                placeholder={t('documents.filter.tag')}
                aria-label={t('documents.filter.tag')}
                value={tag}
                style={{ width: 140 }}
                onChange={(e) => setTag(e.target.value.trim())}
              />,
              <Input
                key="cat"
                allowClear
                placeholder={t('documents.filter.category')}
                aria-label={t('documents.filter.category')}
                value={category}
                style={{ width: 140 }}
                onChange={(e) => setCategory(e.target.value.trim())}
              />,
            ]}
            request={async (params, sort) => {
              const [field, order] = Object.entries(sort ?? {}).find(([, o]) => !!o) ?? ['updatedAt', 'descend'];
              const page = await listDocuments(scope, {
                folderId: folder === 'all' ? undefined : folder,
                q: q || undefined,
                tag: tag || undefined,
                category: category || undefined,
                page: params.current,
                pageSize: params.pageSize,
                sort: `${order === 'descend' ? '-' : ''}${SORT_FIELDS[field] ?? 'updatedAt'}`,
              });
              return { data: page.items, total: page.total, success: true };
            }}
          />
        </Space>
      </Col>
      <PreviewModal target={preview} onClose={() => setPreview(null)} />
    </Row>
  );
}
