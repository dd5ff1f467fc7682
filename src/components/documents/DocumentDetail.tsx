/**
 * One document (docs/documents-web.md): its properties (name, description, category, tags; editors),
 * versions (preview or download any, restore one as a new version with confirmation, upload the
 * next; SHA-256 shortened with copy of the full value), legal hold (administrators set it with a
 * reason or release it), retention, where it is linked from (links to the sources) and its share
 * links (create with a required expiry and optional password — the link is shown once, to copy —,
 * list with expiry and use count, revoke with confirmation). Used by `/admin/document/:document`
 * and by the drawer of `/:app/files`.
 */
import {
  DeleteOutlined,
  DownloadOutlined,
  EyeOutlined,
  LockOutlined,
  RollbackOutlined,
  ShareAltOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Empty,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
  message,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import React, { useEffect, useState } from 'react';
import { Link } from 'umi';
import {
  DOCUMENT_NAME_MAX,
  DOCUMENT_SHARE_MAX_DAYS,
  DOCUMENT_TAG_MAX_CHARS,
  DOCUMENT_TAGS_MAX,
} from '../../../contracts/documents.constants';
import { submitForm, toApiError } from '../../services/api-error';
import ExceptionResult from '../ExceptionResult';
import { download } from '../../utils/download';
import { formatBytes } from '../fields/FieldValue';
import { useT } from '../useT';
import { confirmDeleteDocument } from './confirmDelete';
import {
  createShare,
  getDocument,
  releaseLegalHold,
  removeLink,
  restoreVersion,
  revokeShare,
  setLegalHold,
  updateDocument,
  versionUrl,
} from './api';
import { shortSha } from './format';
import { type PreviewTarget, PreviewModal } from './Preview';
import type { DocumentScope } from './scope';
import type { DocumentDetail as Detail, DocumentShare, DocumentVersion } from './types';
import UploadPanel from './UploadPanel';

/** A document id's shape (the server's ids are uuids). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const at = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '–');

/** The detail of document `id`; `onDeleted` after it went to the recycle bin. */
export default function DocumentDetail({
  id,
  scope,
  canEdit,
  isAdmin,
  onDeleted,
}: {
  id: string;
  scope: DocumentScope;
  canEdit: boolean;
  isAdmin: boolean;
  onDeleted?: () => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const key = ['document', id];
  // an address whose id is no uuid names no document: 404 here, without asking the server (which says 400)
  const wellFormed = UUID.test(id);
  const query = useQuery({ queryKey: key, queryFn: () => getDocument(id), retry: false, enabled: wellFormed });
  const [form] = Form.useForm<{ name: string; description: string; category: string; tags: string[] }>();
  const [preview, setPreview] = useState<PreviewTarget | null>(null);
  const [holdOpen, setHoldOpen] = useState(false);
  const [shareOpen, setShareOpen] = useState(false);
  const [token, setToken] = useState<string | null>(null);
  const [tokenHasPassword, setTokenHasPassword] = useState(false);
  const [holdForm] = Form.useForm<{ reason: string }>();
  const [shareForm] = Form.useForm<{ expiresAt: Dayjs; password?: string; version?: number | null }>();
  const d = query.data;

  useEffect(() => {
    if (d) form.setFieldsValue({ name: d.name, description: d.description, category: d.category ?? '', tags: d.tags });
  }, [d, form]);

  const changed = (next?: Detail) => {
    if (next) queryClient.setQueryData(key, next);
    else void queryClient.invalidateQueries({ queryKey: key });
  };
  const run = async (fn: () => Promise<unknown>, done: string) => {
    try {
      await fn();
      message.success(done);
      changed();
    } catch (e) {
      message.error(toApiError(e).message);
    }
  };

  if (!wellFormed) return <ExceptionResult code={404} />;
  if (query.isLoading) return <Spin data-testid="document-loading" />;
  if (query.isError || !d) {
    // 403 for a document of another scope, 404 (or 400 for an id that is no uuid) for none
    const status = query.error ? toApiError(query.error).status : 404;
    return <ExceptionResult code={status === 403 ? 403 : status === 404 || status === 400 ? 404 : 500} />;
  }

  const target = (v: DocumentVersion): PreviewTarget => ({
    documentId: d.id,
    version: v.version,
    name: d.name,
    fileName: v.fileName,
    mimeType: v.mimeType,
    size: v.size,
  });
  const current = d.versions.find((v) => v.version === d.currentVersion) ?? d.versions[0];

  const saveProps = () =>
    submitForm(form, async () => {
      const v = await form.validateFields();
      changed(
        await updateDocument(d.id, {
          name: v.name.trim(),
          description: v.description ?? '',
          category: v.category?.trim() || null,
          tags: v.tags ?? [],
        }),
      );
      message.success(t('documents.saved'));
    });
  const remove = () => confirmDeleteDocument(t, d, onDeleted);
  const hold = () =>
    submitForm(holdForm, async () => {
      const v = await holdForm.validateFields();
      changed(await setLegalHold(d.id, v.reason.trim()));
      setHoldOpen(false);
      message.success(t('documents.hold.set'));
    });
  const share = () =>
    submitForm(shareForm, async () => {
      const v = await shareForm.validateFields();
      const created = await createShare(d.id, {
        expiresAt: v.expiresAt.endOf('day').toISOString(),
        version: v.version ?? null,
        ...(v.password ? { password: v.password } : {}),
      });
      setShareOpen(false);
      setTokenHasPassword(!!v.password);
      setToken(created.token);
      changed();
    });
  const shareUrl = (tk: string) => `${window.location.origin}/api/v1/document-shares/content?token=${encodeURIComponent(tk)}`;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="document-detail">
      <Card
        size="small"
        title={
          <Space>
            <span data-testid="document-title">{d.name}</span>
            <Tag>v{d.currentVersion}</Tag>
            {d.legalHold && (
              <Tag color="volcano" icon={<LockOutlined />}>
                {t('documents.hold.short')}
              </Tag>
            )}
          </Space>
        }
        extra={
          <Space wrap>
            {current && (
              <Button icon={<EyeOutlined />} onClick={() => setPreview(target(current))} data-testid="detail-preview">
                {t('documents.preview')}
              </Button>
            )}
            <Button icon={<DownloadOutlined />} onClick={() => download(versionUrl(d.id, d.currentVersion, true))}>
              {t('documents.download')}
            </Button>
            {canEdit && (
              <Button danger icon={<DeleteOutlined />} onClick={remove} disabled={d.legalHold}>
                {t('documents.delete')}
              </Button>
            )}
          </Space>
        }
      >
        <Form
          name="document-props"
          form={form}
          layout="vertical"
          disabled={!canEdit}
          onFinish={saveProps}
          style={{ maxWidth: 640 }}
        >
          <Form.Item
            name="name"
            label={t('documents.field.name')}
            rules={[{ required: true, whitespace: true, message: t('documents.required') }]}
          >
            <Input maxLength={DOCUMENT_NAME_MAX} data-testid="document-name" />
          </Form.Item>
          <Form.Item name="description" label={t('documents.field.description')}>
            <Input.TextArea rows={3} maxLength={4000} />
          </Form.Item>
          <Space size="middle" wrap style={{ width: '100%' }}>
            <Form.Item name="category" label={t('documents.field.category')} style={{ minWidth: 200 }}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item
              name="tags"
              label={t('documents.field.tags')}
              style={{ minWidth: 300 }}
              rules={[
                { type: 'array', max: DOCUMENT_TAGS_MAX, message: t('documents.field.tagsMax', { max: DOCUMENT_TAGS_MAX }) },
                {
                  validator: (_, v: string[] | undefined) =>
                    (v ?? []).some((x) => x.length > DOCUMENT_TAG_MAX_CHARS)
                      ? Promise.reject(new Error(t('documents.field.tagLong', { max: DOCUMENT_TAG_MAX_CHARS })))
                      : Promise.resolve(),
                },
              ]}
            >
              <Select mode="tags" tokenSeparators={[',']} open={false} suffixIcon={null} aria-label={t('documents.field.tags')} />
            </Form.Item>
          </Space>
          <Descriptions size="small" column={{ xs: 1, md: 2 }} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('documents.field.folder')}>
              {d.folder?.name ?? t('documents.folders.root')}
            </Descriptions.Item>
            <Descriptions.Item label={t('documents.field.fileName')}>{d.fileName}</Descriptions.Item>
            <Descriptions.Item label={t('documents.col.size')}>{formatBytes(d.size)}</Descriptions.Item>
            <Descriptions.Item label={t('documents.col.updatedAt')}>
              {at(d.updatedAt)} · {d.updatedByLabel}
            </Descriptions.Item>
          </Descriptions>
          {canEdit && (
            <Button type="primary" htmlType="submit" data-testid="document-save">
              {t('documents.save')}
            </Button>
          )}
        </Form>
      </Card>

      <Card size="small" title={t('documents.versions.title')} data-testid="document-versions">
        {canEdit && (
          <div style={{ marginBottom: 12 }}>
            <UploadPanel scope={scope} documentId={d.id} compact onUploaded={() => changed()} />
          </div>
        )}
        <Table<DocumentVersion>
          size="small"
          rowKey="version"
          pagination={false}
          dataSource={d.versions}
          columns={[
            {
              title: t('documents.col.version'),
              dataIndex: 'version',
              width: 70,
              render: (v: number, r) =>
                r.restoredFrom ? (
                  <span>
                    v{v}{' '}
                    <Typography.Text type="secondary">
                      {t('documents.versions.restoredFrom', { version: r.restoredFrom })}
                    </Typography.Text>
                  </span>
                ) : (
                  `v${v}`
                ),
            },
            { title: t('documents.col.fileName'), dataIndex: 'fileName', ellipsis: true },
            { title: t('documents.col.size'), dataIndex: 'size', width: 90, render: (s: number) => formatBytes(s) },
            {
              title: 'SHA-256',
              dataIndex: 'sha256',
              width: 150,
              render: (s: string) => (
                <Typography.Text code copyable={{ text: s, tooltips: [t('documents.copy'), t('documents.copied')] }} title={s}>
                  {shortSha(s)}
                </Typography.Text>
              ),
            },
            { title: t('documents.versions.by'), dataIndex: 'createdByLabel', width: 120, ellipsis: true },
            { title: t('documents.versions.at'), dataIndex: 'createdAt', width: 140, render: (s: string) => at(s) },
            {
              title: t('documents.col.actions'),
              key: 'actions',
              width: 130,
              render: (_, v) => (
                <Space size={0}>
                  <Button
                    type="text"
                    size="small"
                    icon={<EyeOutlined />}
                    aria-label={t('documents.preview')}
                    onClick={() => setPreview(target(v))}
                  />
                  <Button
                    type="text"
                    size="small"
                    icon={<DownloadOutlined />}
                    aria-label={t('documents.download')}
                    onClick={() => download(versionUrl(d.id, v.version, true))}
                  />
                  {canEdit && v.version !== d.currentVersion && (
                    <Popconfirm
                      title={t('documents.versions.restore.confirm', { version: v.version })}
                      description={t('documents.versions.restore.desc')}
                      okText={t('documents.versions.restore')}
                      cancelText={t('documents.cancel')}
                      onConfirm={() => run(() => restoreVersion(d.id, v.version), t('documents.versions.restored'))}
                    >
                      <Button type="text" size="small" icon={<RollbackOutlined />} aria-label={t('documents.versions.restore')} />
                    </Popconfirm>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Card>

      <Card size="small" title={t('documents.hold.title')} data-testid="document-hold-card">
        {d.legalHold ? (
          <Alert
            type="warning"
            showIcon
            icon={<LockOutlined />}
            message={t('documents.hold.on', { by: d.legalHoldByLabel ?? '–', at: at(d.legalHoldAt) })}
            description={d.legalHoldReason}
            action={
              isAdmin && (
                <Popconfirm
                  title={t('documents.hold.release.confirm')}
                  okText={t('documents.hold.release')}
                  cancelText={t('documents.cancel')}
                  onConfirm={() => run(async () => changed(await releaseLegalHold(d.id)), t('documents.hold.released'))}
                >
                  <Button size="small" icon={<UnlockOutlined />}>
                    {t('documents.hold.release')}
                  </Button>
                </Popconfirm>
              )
            }
          />
        ) : (
          <Space>
            <Typography.Text type="secondary">{t('documents.hold.off')}</Typography.Text>
            {isAdmin && (
              <Button
                size="small"
                icon={<LockOutlined />}
                onClick={() => {
                  holdForm.resetFields();
                  setHoldOpen(true);
                }}
                data-testid="hold-set"
              >
                {t('documents.hold.setButton')}
              </Button>
            )}
          </Space>
        )}
        <Descriptions size="small" column={1} style={{ marginTop: 12 }}>
          <Descriptions.Item label={t('documents.retention.days')}>
            {d.retentionDays != null
              ? t('documents.retention.daysValue', { days: d.retentionDays })
              : t('documents.retention.none')}
          </Descriptions.Item>
          <Descriptions.Item label={t('documents.retention.until')}>{d.retainUntil ? at(d.retainUntil) : '–'}</Descriptions.Item>
        </Descriptions>
      </Card>

      <Card size="small" title={t('documents.links.title')} data-testid="document-links">
        {d.links.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('documents.links.empty')} />
        ) : (
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={d.links}
            columns={[
              {
                title: t('documents.links.type'),
                dataIndex: 'sourceType',
                width: 100,
                render: (s: string) => t(`documents.links.type.${s}`),
              },
              {
                title: t('documents.links.source'),
                dataIndex: 'label',
                render: (label: string, l) => (l.href ? <Link to={l.href}>{label}</Link> : label),
              },
              { title: t('documents.versions.at'), dataIndex: 'createdAt', width: 140, render: (s: string) => at(s) },
              ...(canEdit
                ? [
                    {
                      title: t('documents.col.actions'),
                      key: 'a',
                      width: 80,
                      render: (_: unknown, l: { id: string }) => (
                        <Popconfirm
                          title={t('documents.links.remove.confirm')}
                          okText={t('documents.links.remove')}
                          cancelText={t('documents.cancel')}
                          onConfirm={() => run(() => removeLink(d.id, l.id), t('documents.links.removed'))}
                        >
                          <Button
                            type="text"
                            size="small"
                            danger
                            icon={<DeleteOutlined />}
                            aria-label={t('documents.links.remove')}
                          />
                        </Popconfirm>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        )}
      </Card>

      <Card
        size="small"
        title={t('documents.shares.title')}
        data-testid="document-shares"
        extra={
          canEdit && (
            <Button
              size="small"
              icon={<ShareAltOutlined />}
              data-testid="share-new"
              onClick={() => {
                shareForm.resetFields();
                setShareOpen(true);
              }}
            >
              {t('documents.shares.new')}
            </Button>
          )
        }
      >
        {d.shares.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('documents.shares.empty')} />
        ) : (
          <Table<DocumentShare>
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={d.shares}
            columns={[
              {
                title: t('documents.shares.token'),
                dataIndex: 'tokenPrefix',
                render: (p: string, s) => (
                  <Typography.Text code delete={!!s.revokedAt}>
                    {p}…
                  </Typography.Text>
                ),
              },
              {
                title: t('documents.col.version'),
                dataIndex: 'version',
                width: 80,
                render: (v: number | null) => (v ? `v${v}` : t('documents.shares.latest')),
              },
              {
                title: t('documents.shares.expires'),
                dataIndex: 'expiresAt',
                width: 150,
                render: (e: string, s) =>
                  s.revokedAt ? (
                    <Tag>{t('documents.shares.revoked')}</Tag>
                  ) : dayjs(e).isBefore(dayjs()) ? (
                    <Tag>{t('documents.shares.expired')}</Tag>
                  ) : (
                    at(e)
                  ),
              },
              {
                title: t('documents.shares.password'),
                dataIndex: 'hasPassword',
                width: 80,
                render: (p: boolean) => (p ? <LockOutlined aria-label={t('documents.shares.password')} /> : '–'),
              },
              { title: t('documents.shares.uses'), dataIndex: 'useCount', width: 70 },
              { title: t('documents.shares.lastUsed'), dataIndex: 'lastUsedAt', width: 140, render: (s: string | null) => at(s) },
              {
                title: t('documents.col.actions'),
                key: 'a',
                width: 90,
                render: (_, s) =>
                  canEdit &&
                  !s.revokedAt && (
                    <Popconfirm
                      title={t('documents.shares.revoke.confirm')}
                      okText={t('documents.shares.revoke')}
                      okButtonProps={{ danger: true }}
                      cancelText={t('documents.cancel')}
                      onConfirm={() => run(() => revokeShare(d.id, s.id), t('documents.shares.revokedDone'))}
                    >
                      <Button type="link" size="small" danger>
                        {t('documents.shares.revoke')}
                      </Button>
                    </Popconfirm>
                  ),
              },
            ]}
          />
        )}
      </Card>

      <Modal
        open={holdOpen}
        title={t('documents.hold.setButton')}
        onCancel={() => setHoldOpen(false)}
        onOk={hold}
        okText={t('documents.hold.setButton')}
        cancelText={t('documents.cancel')}
        destroyOnClose
      >
        <Form name="document-hold" form={holdForm} layout="vertical">
          <Form.Item
            name="reason"
            label={t('documents.hold.reason')}
            rules={[{ required: true, whitespace: true, message: t('documents.required') }, { max: 500 }]}
          >
            <Input.TextArea autoFocus maxLength={500} showCount rows={3} data-testid="hold-reason" />
          </Form.Item>
        </Form>
      </Modal>

      <Modal
        open={shareOpen}
        title={t('documents.shares.new')}
        onCancel={() => setShareOpen(false)}
        onOk={share}
        okText={t('documents.shares.create')}
        cancelText={t('documents.cancel')}
        destroyOnClose
      >
        <Form name="document-share" form={shareForm} layout="vertical">
          <Form.Item
            name="expiresAt"
            label={t('documents.shares.expires')}
            rules={[{ required: true, message: t('documents.required') }]}
            extra={t('documents.shares.expiresHelp', { days: DOCUMENT_SHARE_MAX_DAYS })}
          >
            <DatePicker
              disabledDate={(day) =>
                day.isBefore(dayjs().startOf('day')) || day.isAfter(dayjs().add(DOCUMENT_SHARE_MAX_DAYS - 1, 'day'))
              }
              data-testid="share-expires"
            />
          </Form.Item>
          <Form.Item name="version" label={t('documents.col.version')}>
            <Select
              allowClear
              placeholder={t('documents.shares.latest')}
              options={d.versions.map((v) => ({ value: v.version, label: `v${v.version} · ${v.fileName}` }))}
              style={{ width: 260 }}
            />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('documents.shares.passwordOptional')}
            rules={[{ min: 8, max: 128, message: t('documents.shares.passwordLength') }]}
          >
            <Input.Password autoComplete="new-password" maxLength={128} />
          </Form.Item>
        </Form>
      </Modal>

      <Modal
        open={!!token}
        title={t('documents.shares.createdTitle')}
        onCancel={() => setToken(null)}
        footer={<Button onClick={() => setToken(null)}>{t('documents.close')}</Button>}
      >
        <Alert type="info" showIcon message={t('documents.shares.once')} style={{ marginBottom: 12 }} />
        {tokenHasPassword ? <Alert type="warning" showIcon message={t('documents.shares.passwordHeader')} style={{ marginBottom: 12 }} data-testid="share-password-note" /> : null}
        {token && (
          <Typography.Paragraph
            copyable={{ text: shareUrl(token), tooltips: [t('documents.copy'), t('documents.copied')] }}
            code
            data-testid="share-url"
            style={{ wordBreak: 'break-all' }}
          >
            {shareUrl(token)}
          </Typography.Paragraph>
        )}
      </Modal>

      <PreviewModal target={preview} onClose={() => setPreview(null)} />
    </Space>
  );
}
