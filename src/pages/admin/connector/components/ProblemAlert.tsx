/**
 * A failed call said on the page, where it happened (not a toast): the allow-list refusal (422
 * CONNECTOR_HOST_NOT_ALLOWED) with the link to change the list, a source failure (502
 * CONNECTOR_SOURCE_FAILED: the source's own reason) or any other error's message.
 */
import { Alert } from 'antd';
import React from 'react';
import { toApiError } from '../../../../services/api-error';
import { useT } from '../../../../components/useT';
import { HostRefused } from './AllowedHosts';

export default function ProblemAlert({ error, testId = 'connector-problem' }: { error: unknown; testId?: string }) {
  const t = useT();
  if (!error) return null;
  const err = toApiError(error);
  if (err.errorCode === 'CONNECTOR_HOST_NOT_ALLOWED') return <HostRefused message={err.message} />;
  const detail = err.details.map((d) => d.message).join('; ');
  return (
    <Alert
      type="error"
      showIcon
      data-testid={testId}
      message={err.errorCode === 'CONNECTOR_SOURCE_FAILED' ? t('connectors.problem.source') : t('connectors.problem.other')}
      description={detail ? `${err.message} ${detail}` : err.message}
    />
  );
}
