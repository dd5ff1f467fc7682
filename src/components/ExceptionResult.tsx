/**
 * The 403 / 404 / 500 result (docs/product.md "Shell"), used by the addressable error pages and
 * rendered in place (URL kept) by the workspace gate, the access check and the 404 fallback.
 */
import { Button, Result } from 'antd';
import React from 'react';
import { history, useIntl } from 'umi';

export type ExceptionCode = 403 | 404 | 500;

export default function ExceptionResult({ code, extra }: { code: ExceptionCode; extra?: React.ReactNode }) {
  const intl = useIntl();
  return (
    <div data-testid={`exception-${code}`}>
      <Result
        status={String(code) as '403' | '404' | '500'}
        title={intl.formatMessage({ id: `exception.${code}.title` })}
        subTitle={intl.formatMessage({ id: `exception.${code}.desc` })}
        extra={
          extra ?? (
            <Button type="primary" onClick={() => history.push('/')}>
              {intl.formatMessage({ id: 'common.backHome' })}
            </Button>
          )
        }
      />
    </div>
  );
}
