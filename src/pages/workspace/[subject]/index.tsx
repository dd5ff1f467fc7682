/**
 * `/{app}/{subject}` (Records, docs/product.md "Data core"): a subject's records in the RecordGrid. The
 * route takes any second segment no named route claims; the loader asks the server for the
 * subject (with its fields) and an unknown one renders 404 in place. Editors, owners and
 * administrators write; viewers read (the application role from the workspace gate). The header
 * shows the subject's data-quality score once a validation run has scored it.
 */
import { PageContainer } from '@ant-design/pro-components';
import React, { useCallback } from 'react';
import { Link, useModel } from 'umi';
import { appAccess } from '../../../access';
import RecordGrid from '../../../components/records/RecordGrid';
import RouteDataResult from '../../../components/RouteDataResult';
import { useRouteData } from '../../../loaders';
import { useWorkspace } from '../useWorkspace';
import { ViewsMenu } from '../../../components/views/SubjectViews';
import SubjectQuality from '../../../components/rules/runs/SubjectQuality';

export default function SubjectPage() {
  const query = useRouteData('/:app/:subject');
  const { app } = useWorkspace();
  const { initialState } = useModel('@@initialState');
  const { canEditRecords } = appAccess(app.myRole, initialState?.currentUser?.isAdmin === true);
  const slug = app.slug;
  const subjectKey = query.data?.key ?? '';
  const recordHref = useCallback((id: string) => `/${slug}/${subjectKey}/${id}`, [slug, subjectKey]);
  return (
    <RouteDataResult query={query}>
      {(subject) => (
        <PageContainer
          title={subject.name}
          // the breadcrumb names the application and the subject (the route table only knows "Subject")
          breadcrumb={{ items: [{ title: <Link to={`/${slug}`}>{app.name}</Link> }, { title: subject.name }] }}
          subTitle={subject.description ?? undefined}
          tags={<SubjectQuality app={slug} subject={subject.key} />}
          extra={<ViewsMenu app={slug} subject={subject} canEdit={canEditRecords} />}
          data-testid="subject-page"
        >
          <RecordGrid
            key={`${slug}/${subject.key}`}
            app={slug}
            subject={subject}
            canEdit={canEditRecords}
            recordHref={recordHref}
          />
        </PageContainer>
      )}
    </RouteDataResult>
  );
}
