/**
 * /admin/category/:category (Categories): a category's path (breadcrumb back to the
 * tree), name and description (edit), parent (move it: CategoryPicker without its own subtree;
 * it goes last among the new siblings), usage, subcategories (add one, open one), delete (asks
 * first; to the recycle bin; refused while it has subcategories).
 */
import { PageContainer, ProForm, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Breadcrumb, Button, Card, Col, Form, List, message, Popconfirm, Result, Row, Skeleton, Statistic } from 'antd';
import React, { useEffect, useState } from 'react';
import { history, Link, useIntl, useParams } from 'umi';
import type { CategoryUpdate } from '../../../../../contracts';
import CategoryPicker from '../../../../components/CategoryPicker';
import { submitForm, toApiError } from '../../../../services/api-error';
import { deleteCategory, getCategory, moveCategory, updateCategory } from '../../../../services/categories';
import CategoryNameForm, { type CategoryEdit } from '../components/CategoryNameForm';
import { keys } from '../../../../services/query-keys';

export default function CategoryDetailPage() {
  const { category: id = '' } = useParams<{ category: string }>();
  const intl = useIntl();
  const t = (key: string, values?: Record<string, string | number>) => intl.formatMessage({ id: key }, values);
  const queryClient = useQueryClient();
  const [form] = Form.useForm<CategoryUpdate>();
  const [edit, setEdit] = useState<CategoryEdit | null>(null);
  const query = useQuery({
    queryKey: keys('categories').detail(id),
    queryFn: ({ signal }) => getCategory(id, signal),
    retry: false,
  });
  const c = query.data;
  const reload = () => void queryClient.invalidateQueries({ queryKey: keys('categories').all });
  useEffect(() => {
    if (c) form.setFieldsValue({ name: c.name, description: c.description ?? '' });
  }, [c, form]);

  if (query.isLoading)
    return (
      <PageContainer>
        <Skeleton active />
      </PageContainer>
    );
  if (!c) {
    return (
      <PageContainer>
        <div data-testid="exception-404">
          <Result
            status="404"
            title="404"
            subTitle={t('catalog.notFound')}
            extra={<Button onClick={() => history.push('/admin/category')}>{t('catalog.backToList')}</Button>}
          />
        </div>
      </PageContainer>
    );
  }

  const move = async (parentId: string | null) => {
    try {
      await moveCategory(c.id, { parentId, position: 100_000 });
      message.success(t('category.moved'));
    } catch (e) {
      message.error(toApiError(e).message);
    }
    reload();
  };
  const remove = async () => {
    try {
      await deleteCategory(c.id);
      message.success(t('catalog.deleted'));
      history.push('/admin/category');
    } catch (e) {
      message.error(toApiError(e).message);
    }
  };

  return (
    <PageContainer
      title={t('category.detailTitle', { name: c.name })}
      onBack={() => history.push('/admin/category')}
      breadcrumbRender={false}
      content={
        <div data-testid="category-path">
          <Breadcrumb
            items={[
              { title: <Link to="/admin/category">{t('category.root')}</Link> },
              ...c.path.map((p) => ({ title: <Link to={`/admin/category/${p.id}`}>{p.name}</Link> })),
              { title: c.name },
            ]}
          />
        </div>
      }
      extra={[
        <Popconfirm
          key="delete"
          title={c.children.length ? t('category.hasChildrenHint') : t('catalog.deleteConfirm', { name: c.name })}
          onConfirm={() => void remove()}
        >
          <Button danger>{t('catalog.delete')}</Button>
        </Popconfirm>,
      ]}
    >
      <Row gutter={16}>
        <Col xs={24} lg={14}>
          <Card title={t('catalog.edit')} style={{ marginBottom: 16 }}>
            <ProForm<CategoryUpdate>
              form={form}
              name="editCategory"
              submitter={{ searchConfig: { submitText: t('catalog.save') }, resetButtonProps: false }}
              onFinish={(values) =>
                submitForm(form, async () => {
                  await updateCategory(c.id, { name: values.name, description: values.description ?? null });
                  message.success(t('catalog.saved'));
                  reload();
                })
              }
            >
              <ProFormText
                name="name"
                label={t('category.name')}
                rules={[{ required: true, whitespace: true, message: t('common.required') }]}
              />
              <ProFormTextArea name="description" label={t('catalog.description')} fieldProps={{ rows: 3 }} />
            </ProForm>
          </Card>
          <Card title={t('category.parent')}>
            <CategoryPicker
              multiple={false}
              value={c.parentId}
              exclude={[c.id]}
              placeholder={t('category.root')}
              onChange={(v) => void move(typeof v === 'string' ? v : null)}
              data-testid="category-parent-picker"
            />
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card style={{ marginBottom: 16 }}>
            <Row>
              <Col span={12}>
                <Statistic title={t('catalog.usage')} value={c.usage} />
              </Col>
              <Col span={12}>
                <Statistic title={`${t('catalog.usage')} (${t('category.children')})`} value={c.subtreeUsage} />
              </Col>
            </Row>
          </Card>
          <Card
            title={t('category.children')}
            extra={
              <Button size="small" onClick={() => setEdit({ mode: 'create', parentId: c.id, parentName: c.name })}>
                {t('category.addChild')}
              </Button>
            }
          >
            <List
              dataSource={c.children}
              locale={{ emptyText: t('category.noChildren') }}
              renderItem={(child) => (
                <List.Item
                  extra={
                    <span>
                      {child.usage}/{child.subtreeUsage}
                    </span>
                  }
                >
                  <Link to={`/admin/category/${child.id}`}>{child.name}</Link>
                </List.Item>
              )}
            />
          </Card>
        </Col>
      </Row>
      <CategoryNameForm edit={edit} onClose={() => setEdit(null)} onSaved={reload} />
    </PageContainer>
  );
}
