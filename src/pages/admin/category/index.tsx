/**
 * /admin/category (docs/routes-and-loading.md "Screen names": category management; Categories): the category tree in an
 * antd Tree. Drag a node to reorder it or to move it under another (PUT /categories/:id/move; the
 * server refuses cycles, and the tree reloads with its message); add a top-level category or a
 * subcategory, rename, open the detail page, delete (asks first; to the recycle bin; refused while
 * it has subcategories). Each node shows its usage (direct / with subcategories).
 */
import { DeleteOutlined, EditOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import { PageContainer } from '@ant-design/pro-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, message, Popconfirm, Skeleton, Space, Tooltip, Tree, Typography } from 'antd';
import type { TreeDataNode, TreeProps } from 'antd';
import React, { useMemo, useState } from 'react';
import { history, useIntl } from 'umi';
import { toApiError } from '../../../services/api-error';
import { deleteCategory, listCategories, moveCategory, toCategoryTree, type CategoryNode } from '../../../services/categories';
import CategoryNameForm, { type CategoryEdit } from './components/CategoryNameForm';
import { dropTarget } from './dropTarget';
import { keys } from '../../../services/query-keys';

type TreeItem = TreeDataNode & { key: string; children: TreeItem[]; node: CategoryNode };

export default function CategoryTree() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const queryClient = useQueryClient();
  const { data, isLoading, refetch } = useQuery({ queryKey: keys('categories').list(), queryFn: listCategories });
  const [edit, setEdit] = useState<CategoryEdit | null>(null);
  const [expanded, setExpanded] = useState<React.Key[] | undefined>(undefined);
  const reload = () => void queryClient.invalidateQueries({ queryKey: keys('categories').all });
  const roots = useMemo(() => toCategoryTree(data ?? []), [data]);
  const byId = useMemo(() => new Map((data ?? []).map((c) => [c.id, c])), [data]);
  const allKeys = useMemo(() => (data ?? []).map((c) => c.id), [data]);

  const remove = async (node: CategoryNode) => {
    try {
      await deleteCategory(node.id);
      message.success(t('catalog.deleted'));
    } catch (e) {
      message.error(toApiError(e).message);
    }
    reload();
  };

  const title = (node: CategoryNode) => (
    <Space size={4}>
      <span data-testid={`category-node-${node.name}`} />
      <Typography.Text strong={node.parentId === null}>{node.name}</Typography.Text>
      <Tooltip title={t('category.usage', { usage: node.usage, subtree: node.subtreeUsage })}>
        <Typography.Text type="secondary">
          ({node.usage}/{node.subtreeUsage})
        </Typography.Text>
      </Tooltip>
      <span onClick={(e) => e.stopPropagation()} style={{ marginInlineStart: 8 }}>
        <Tooltip title={t('category.addChild')}>
          <Button
            size="small"
            type="text"
            icon={<PlusOutlined />}
            aria-label={t('category.addChild')}
            data-testid={`add-child-${node.name}`}
            onClick={() => setEdit({ mode: 'create', parentId: node.id, parentName: node.name })}
          />
        </Tooltip>
        <Tooltip title={t('category.rename')}>
          <Button
            size="small"
            type="text"
            icon={<EditOutlined />}
            aria-label={t('category.rename')}
            onClick={() => setEdit({ mode: 'rename', category: node })}
          />
        </Tooltip>
        <Popconfirm
          title={node.children.length ? t('category.hasChildrenHint') : t('catalog.deleteConfirm', { name: node.name })}
          onConfirm={() => void remove(node)}
        >
          <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('catalog.delete')} />
        </Popconfirm>
        <Tooltip title={t('catalog.open')}>
          <Button
            size="small"
            type="text"
            icon={<RightOutlined />}
            aria-label={t('catalog.open')}
            data-testid={`open-${node.name}`}
            onClick={() => history.push(`/admin/category/${node.id}`)}
          />
        </Tooltip>
      </span>
    </Space>
  );
  const items = useMemo(() => {
    const map = (nodes: CategoryNode[]): TreeItem[] =>
      nodes.map((n) => ({ key: n.id, title: title(n), children: map(n.children), node: n }));
    return map(roots);
  }, [roots, intl.locale]);

  const onDrop: TreeProps<TreeItem>['onDrop'] = async (info) => {
    const drag = byId.get(String(info.dragNode.key));
    const node = byId.get(String(info.node.key));
    if (!drag || !node) return;
    const pos = info.node.pos.split('-');
    const relative = info.dropPosition - Number(pos[pos.length - 1]);
    const hasChildren = (info.node.children ?? []).length > 0;
    const target = dropTarget(
      drag,
      { ...node, expandedWithChildren: hasChildren && info.node.expanded },
      info.dropToGap,
      relative,
    );
    try {
      await moveCategory(drag.id, target);
      message.success(t('category.moved'));
    } catch (e) {
      message.error(toApiError(e).message);
    }
    await refetch();
  };

  return (
    <PageContainer
      title={t('category.title')}
      extra={[
        <Button
          key="new"
          type="primary"
          icon={<PlusOutlined />}
          data-testid="create-root-category"
          onClick={() => setEdit({ mode: 'create', parentId: null })}
        >
          {t('category.newRoot')}
        </Button>,
      ]}
    >
      <Card>
        {isLoading ? (
          <Skeleton active />
        ) : roots.length === 0 ? (
          <Empty description={t('category.empty')} />
        ) : (
          <>
            <Alert type="info" showIcon message={t('category.dragHint')} style={{ marginBottom: 16 }} />
            <div data-testid="category-tree">
              <Tree<TreeItem>
                draggable={{ icon: false }}
                blockNode
                treeData={items}
                expandedKeys={expanded ?? allKeys}
                onExpand={(keys) => setExpanded(keys)}
                onDrop={(info) => void onDrop(info)}
                selectable={false}
              />
            </div>
          </>
        )}
      </Card>
      <CategoryNameForm edit={edit} onClose={() => setEdit(null)} onSaved={reload} />
    </PageContainer>
  );
}
