/**
 * The subject page's data-quality tag (docs/rule-runs.md "Score"): the score of the subject's last
 * finished validation run and its open incidents, linking to the application's data validation
 * page. Nothing while loading, on an error, or before the subject's first run.
 */
import { useQuery } from '@tanstack/react-query';
import { Tag, Tooltip } from 'antd';
import React from 'react';
import { Link, useIntl } from 'umi';
import { getDataQuality } from './api';
import { scoreColor } from './bits';

/** `app`: the application's slug; `subject`: the subject's key. */
export default function SubjectQuality({ app, subject }: { app: string; subject: string }) {
  const intl = useIntl();
  const quality = useQuery({ queryKey: ['data-quality', app], queryFn: () => getDataQuality(app), staleTime: 30_000 });
  const mine = quality.data?.subjects.find((s) => s.subject === subject);
  if (!mine || mine.score === null) return null;
  return (
    <Tooltip title={intl.formatMessage({ id: 'ruleRuns.subjectScore.tip' }, { incidents: mine.openIncidents })}>
      <Link to={`/${app}/data_validation_rule`} data-testid="subject-quality">
        <Tag color={scoreColor(mine.score)}>{intl.formatMessage({ id: 'ruleRuns.subjectScore' }, { score: mine.score.toFixed(1) })}</Tag>
      </Link>
    </Tooltip>
  );
}
