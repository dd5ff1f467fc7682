/**
 * /admin/tag (docs/routes-and-loading.md "Screen names": tag management): tags with colour swatches
 * and usage on the resource kit's table (server-side paging, search, sort by name, usage or
 * creation); create and edit in the kit's dialog (name, colour); delete asks first and goes to the
 * recycle bin (its taggings come back with a restore). Each tag's name shows in its colour.
 */
import { PageContainer } from '@ant-design/pro-components';
import { Tag as AntTag } from 'antd';
import React from 'react';
import { useIntl } from 'umi';
import { tagResource } from '../../../../contracts/tags.resource';
import ResourceTable from '../../../components/resource/ResourceTable';
import { COLOR_PRESETS } from '../../../components/resource/columns';
import { tagsApi } from '../../../services/tags';

export default function TagList() {
  const intl = useIntl();
  return (
    <PageContainer title={intl.formatMessage({ id: 'tag.title' })}>
      <ResourceTable
        resource={tagResource}
        api={tagsApi}
        timestamps={['createdAt']}
        columns={{ name: { render: (_, tag) => <AntTag color={tag.color}>{tag.name}</AntTag> }, usage: { width: 120 } }}
        testIds={{ create: 'create-tag', edit: (tag) => `edit-tag-${tag.name}` }}
        form={{ initialValues: { color: COLOR_PRESETS[0] } }}
      />
    </PageContainer>
  );
}
