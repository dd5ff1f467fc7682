/**
 * /admin/record/:record (Records, docs/product.md "Data core"): any record by its id alone. GET
 * /api/v1/records/:id says where it lives (application, subject); the RecordDetail follows, with
 * every right (administrators). An unknown id renders 404 in place.
 */
import { useQuery } from '@tanstack/react-query';
import React, { useCallback } from 'react';
import { useIntl, useParams } from 'umi';
import ExceptionResult from '../../../../components/ExceptionResult';
import RecordDetail, { RECORD_ID_PATTERN } from '../../../../components/records/RecordDetail';
import RouteDataResult from '../../../../components/RouteDataResult';
import { ApiError } from '../../../../services/api-error';
import { locateRecord } from '../../../../services/records';
import { keys } from '../../../../services/query-keys';

export default function AdminRecordPage() {
  const intl = useIntl();
  const { record = '' } = useParams<{ record: string }>();
  const query = useQuery({
    queryKey: keys('records').action('location', record),
    queryFn: ({ signal }) => locateRecord(record, signal),
    enabled: RECORD_ID_PATTERN.test(record),
  });
  const relatedHref = useCallback((_target: string | undefined, id: string) => `/admin/record/${id}`, []);
  if (!RECORD_ID_PATTERN.test(record) || (query.error instanceof ApiError && query.error.status === 400))
    return <ExceptionResult code={404} />;
  return (
    <RouteDataResult query={query}>
      {(loc) => (
        <RecordDetail
          key={loc.recordId}
          app={loc.application}
          subjectKey={loc.subject}
          recordId={loc.recordId}
          canEdit
          canManage
          listHref={`/admin/record?${new URLSearchParams({ app: loc.application, subject: loc.subject }).toString()}`}
          relatedHref={relatedHref}
          subTitle={() =>
            intl.formatMessage({ id: 'records.admin.location' }, { application: loc.applicationName, subject: loc.subjectName })
          }
        />
      )}
    </RouteDataResult>
  );
}
