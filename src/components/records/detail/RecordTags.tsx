/**
 * A record's tags and categories (TagPicker, CategoryPicker), saved through the record's own
 * endpoints (PUT …/records/:id/tags and …/categories, editors); read-only for viewers. Only
 * administrators may create a tag from the picker (the tags module's rule).
 */
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, message } from 'antd';
import React, { useEffect } from 'react';
import { useIntl, useModel } from 'umi';
import { submitForm } from '../../../services/api-error';
import { setRecordCategories, setRecordTags } from '../../../services/records';
import CategoryPicker from '../../CategoryPicker';
import TagPicker from '../../TagPicker';
import { keys } from '../../../services/query-keys';

interface Values {
  tagIds: string[];
  categoryIds: string[];
}

export default function RecordTags({
  app,
  subjectKey,
  recordId,
  tagIds,
  categoryIds,
  canEdit,
  onSaved,
}: {
  app: string;
  subjectKey: string;
  recordId: string;
  tagIds: string[];
  categoryIds: string[];
  canEdit: boolean;
  onSaved: () => Promise<unknown>;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const { initialState } = useModel('@@initialState');
  const isAdmin = initialState?.currentUser?.isAdmin === true;
  useEffect(() => form.setFieldsValue({ tagIds, categoryIds }), [tagIds.join(), categoryIds.join()]);

  const save = (values: Values) =>
    submitForm(form, async () => {
      await setRecordTags(app, subjectKey, recordId, values.tagIds ?? []);
      await setRecordCategories(app, subjectKey, recordId, values.categoryIds ?? []);
      message.success(t('records.tags.saved'));
      void queryClient.invalidateQueries({ queryKey: keys('tags').all });
      await onSaved();
    });

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      name={`recordTags_${recordId}`}
      initialValues={{ tagIds, categoryIds }}
      onFinish={(v) => void save(v)}
      data-testid="record-tags"
      style={{ maxWidth: 640 }}
    >
      <Form.Item name="tagIds" label={t('tagsAndCategories.tags')}>
        <TagPicker allowCreate={isAdmin} disabled={!canEdit} data-testid="tag-picker" />
      </Form.Item>
      <Form.Item name="categoryIds" label={t('tagsAndCategories.categories')}>
        <CategoryPicker disabled={!canEdit} data-testid="category-picker" />
      </Form.Item>
      {canEdit && (
        <Button type="primary" htmlType="submit" data-testid="save-tags-and-categories">
          {t('records.save')}
        </Button>
      )}
    </Form>
  );
}
