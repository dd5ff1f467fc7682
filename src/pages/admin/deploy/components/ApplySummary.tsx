/**
 * The figures of a dry run or an apply (DeployApplyResult): objects added, changed and removed,
 * records whose values a type change converted, and the transaction's statements and wall time (ms).
 */
import { Col, Row, Statistic, Typography } from 'antd';
import React from 'react';
import type { DeployApplyResult } from '../../../../../contracts';
import { useT } from '../../../../components/useT';

export default function ApplySummary({ result, testId }: { result: DeployApplyResult; testId: string }) {
  const t = useT();
  return (
    <div data-testid={testId}>
      <Row gutter={[16, 16]}>
        <Col xs={12} md={6}>
          <Statistic title={t('deploy.result.added')} value={result.added} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('deploy.result.changed')} value={result.changed} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('deploy.result.removed')} value={result.removed} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('deploy.result.converted')} value={result.converted} />
        </Col>
      </Row>
      <Typography.Text type="secondary">
        {t('deploy.result.timing', { statements: result.statements, ms: Math.round(result.ms) })}
      </Typography.Text>
    </div>
  );
}
