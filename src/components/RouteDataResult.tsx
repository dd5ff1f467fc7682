/**
 * Renders a route-data query (src/loaders): the spinner while it loads (and while the
 * retries of docs/routes-and-loading.md "Retry policy" run), 404/403 in place for an answer that says so, an error result with Retry once the
 * retries are spent, else the page.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import React from 'react';
import { useIntl } from 'umi';
import Loading from '../loading';
import { ApiError } from '../services/api-error';
import ExceptionResult from './ExceptionResult';

export default function RouteDataResult<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => React.ReactNode }) {
  const intl = useIntl();
  if (query.isPending) return <Loading />;
  if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 0;
    if (status === 404) return <ExceptionResult code={404} />;
    if (status === 403) return <ExceptionResult code={403} />;
    return (
      <div data-testid="route-data-error">
        <Result
          status="error"
          title={intl.formatMessage({ id: 'routeData.failed' })}
          subTitle={query.error.message}
          extra={
            <Button type="primary" loading={query.isFetching} onClick={() => void query.refetch()}>
              {intl.formatMessage({ id: 'common.retry' })}
            </Button>
          }
        />
      </div>
    );
  }
  return <>{children(query.data)}</>;
}
