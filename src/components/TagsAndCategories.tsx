/**
 * The tags and categories of one object `{ targetType, targetId }`: loads them
 * (GET /tags/of, /categories/of), edits them with TagPicker and CategoryPicker, and saves both
 * sets (PUT /tags/assign, /categories/assign: each one audit entry). For administrators today
 * (the assign endpoints' rule); later modules may reuse it where their own routes allow it.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, message, Skeleton } from 'antd';
import React, { useEffect } from 'react';
import { useIntl } from 'umi';
import type { Target } from '../../contracts';
import { assignCategories, categoriesOf } from '../services/categories';
import { submitForm } from '../services/api-error';
import { assignTags, tagsOf } from '../services/tags';
import CategoryPicker from './CategoryPicker';
import TagPicker from './TagPicker';
import { keys } from '../services/query-keys';

interface Values {
  tagIds: string[];
  categoryIds: string[];
}

export default function TagsAndCategories({ targetType, targetId, allowCreate = true }: Target & { allowCreate?: boolean }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const target = { targetType, targetId };
  const key = keys('tags').action('ofTarget', targetType, targetId);
  const { data, isLoading } = useQuery({
    queryKey: key,
    queryFn: async () => {
      const [tags, categories] = await Promise.all([tagsOf(target), categoriesOf(target)]);
      return { tags, categories };
    },
  });
  useEffect(() => {
    if (data) form.setFieldsValue({ tagIds: data.tags.map((x) => x.id), categoryIds: data.categories.map((c) => c.id) });
  }, [data, form]);
  if (isLoading) return <Skeleton active paragraph={{ rows: 2 }} />;

  const save = (values: Values) =>
    submitForm(form, async () => {
      await assignTags(target, values.tagIds ?? []);
      await assignCategories(target, values.categoryIds ?? []);
      message.success(t('tagsAndCategories.saved'));
      void queryClient.invalidateQueries({ queryKey: keys('tags').all });
      void queryClient.invalidateQueries({ queryKey: keys('categories').all });
    });

  return (
    <div data-testid="tags-and-categories">
      <Form<Values> form={form} name={`tagsAndCategories_${targetType}`} layout="vertical" onFinish={save}>
        <Form.Item name="tagIds" label={t('tagsAndCategories.tags')}>
          <TagPicker allowCreate={allowCreate} known={data?.tags} data-testid="tag-picker" />
        </Form.Item>
        <Form.Item name="categoryIds" label={t('tagsAndCategories.categories')}>
          <CategoryPicker data-testid="category-picker" />
        </Form.Item>
        <Button type="primary" htmlType="submit" data-testid="save-tags-and-categories">
          {t('catalog.save')}
        </Button>
      </Form>
    </div>
  );
}
