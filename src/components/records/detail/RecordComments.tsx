/**
 * A record's comments (GET/POST …/records/:id/comments, oldest first, paged): any member reads,
 * editors add; the author deletes their own (owners and administrators any), each confirmed.
 */
import { DeleteOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Empty, Form, Input, List, Modal, Space, Typography, message } from 'antd';
import dayjs from 'dayjs';
import React, { useState } from 'react';
import { useIntl, useModel } from 'umi';
import type { Comment } from '../../../../contracts';
import { submitForm } from '../../../services/api-error';
import { addRecordComment, listRecordComments, removeRecordComment } from '../../../services/records';
import { toApiError } from '../../../services/api-error';
import { formatDatetime } from '../../fields';
import { keys } from '../../../services/query-keys';

const PAGE = 20;

export default function RecordComments({
  app,
  subjectKey,
  recordId,
  canWrite,
  canModerate,
}: {
  app: string;
  subjectKey: string;
  recordId: string;
  /** Editors, owners, administrators: add comments. */
  canWrite: boolean;
  /** Owners, administrators: delete anyone's comment. */
  canModerate: boolean;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const queryClient = useQueryClient();
  const { initialState } = useModel('@@initialState');
  const me = initialState?.currentUser?.id;
  const [form] = Form.useForm<{ body: string }>();
  const [modal, contextHolder] = Modal.useModal();
  const [current, setCurrent] = useState(1);
  const key = keys('records').action('comments', app, subjectKey, recordId);
  const query = useQuery({
    queryKey: [...key, current],
    queryFn: () => listRecordComments(app, subjectKey, recordId, { current, pageSize: PAGE }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });

  const add = (values: { body: string }) =>
    submitForm(form, async () => {
      await addRecordComment(app, subjectKey, recordId, values.body);
      form.resetFields();
      message.success(t('records.comments.added'));
      await refresh();
    });

  const remove = async (c: Comment) => {
    const ok = await modal.confirm({
      title: t('records.comments.delete.confirm'),
      content: c.body.slice(0, 200),
      okButtonProps: { danger: true, 'data-testid': 'comment-delete-confirm' },
    });
    if (!ok) return;
    try {
      await removeRecordComment(app, subjectKey, recordId, c.id);
      message.success(t('records.comments.deleted'));
      await refresh();
    } catch (e) {
      message.error(toApiError(e).message);
    }
  };

  return (
    <div data-testid="record-comments">
      {contextHolder}
      {canWrite && (
        <Form form={form} onFinish={(v) => void add(v)} name={`comment_${recordId}`}>
          <Form.Item
            name="body"
            rules={[{ required: true, whitespace: true, message: t('records.comments.placeholder') }]}
            style={{ marginBottom: 8 }}
          >
            <Input.TextArea
              rows={3}
              maxLength={10_000}
              placeholder={t('records.comments.placeholder')}
              data-testid="comment-input"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" data-testid="comment-submit">
            {t('records.comments.add')}
          </Button>
        </Form>
      )}
      <List<Comment>
        style={{ marginTop: 16 }}
        loading={query.isPending}
        dataSource={query.data?.data ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('records.comments.empty')} /> }}
        pagination={
          (query.data?.total ?? 0) > PAGE
            ? { current, pageSize: PAGE, total: query.data?.total ?? 0, onChange: setCurrent, size: 'small' }
            : false
        }
        renderItem={(c) => (
          <List.Item
            data-testid="comment"
            actions={
              c.authorId === me || canModerate
                ? [
                    <Button
                      key="del"
                      type="text"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      onClick={() => void remove(c)}
                      aria-label={t('records.comments.delete.confirm')}
                      data-testid="comment-delete"
                    />,
                  ]
                : []
            }
          >
            <List.Item.Meta
              avatar={<Avatar>{(c.authorName ?? '?').slice(0, 1)}</Avatar>}
              title={
                <Space size={8}>
                  <span>{c.authorName ?? t('records.comments.unknownAuthor')}</span>
                  <Typography.Text type="secondary" title={formatDatetime(c.createdAt, true)}>
                    {dayjs(c.createdAt)
                      .locale(intl.locale === 'zh-CN' ? 'zh-cn' : 'en')
                      .fromNow()}
                  </Typography.Text>
                </Space>
              }
              description={
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{c.body}</Typography.Paragraph>
              }
            />
          </List.Item>
        )}
      />
    </div>
  );
}
