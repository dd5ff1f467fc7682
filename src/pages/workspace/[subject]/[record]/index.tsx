/**
 * `/{app}/{subject}/{record}` (Records, docs/product.md "Data core"): one record in the RecordDetail —
 * values, edit with conflict handling, history and restore, comments, files, tags. An unknown
 * subject or record renders 404 in place, from the server's answer. Rights from the application
 * role (workspace gate): editors write, owners also delete others' comments.
 */
import React from 'react';
import { useModel, useParams } from 'umi';
import { appAccess } from '../../../../access';
import RecordDetail from '../../../../components/records/RecordDetail';
import { useWorkspace } from '../../useWorkspace';

export default function RecordPage() {
  const { subject = '', record = '' } = useParams<{ subject: string; record: string }>();
  const { app } = useWorkspace();
  const { initialState } = useModel('@@initialState');
  const access = appAccess(app.myRole, initialState?.currentUser?.isAdmin === true);
  return (
    <RecordDetail
      key={`${app.slug}/${subject}/${record}`}
      app={app.slug}
      subjectKey={subject}
      recordId={record}
      canEdit={access.canEditRecords}
      canManage={access.canManageApp}
      listHref={`/${app.slug}/${subject}`}
    />
  );
}
