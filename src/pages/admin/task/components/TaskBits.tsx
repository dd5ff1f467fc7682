/** Small pieces the task pages share: the state tag, the progress bar, a kind's label. */
import { Progress, Tag } from 'antd';
import React from 'react';
import { useIntl } from 'umi';
import type { Task, TaskState } from '../../../../../contracts';

const STATE_COLORS: Record<TaskState, string> = {
  queued: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
  cancelled: 'warning',
};

/** The task's state as a coloured tag (with "stopping…" while a cancel is pending). */
export function TaskStateTag({ task }: { task: Pick<Task, 'state' | 'cancelRequested'> }) {
  const intl = useIntl();
  return (
    <Tag color={STATE_COLORS[task.state]} data-testid="task-state">
      {intl.formatMessage({ id: `tasks.state.${task.state}` })}
      {task.cancelRequested && task.state === 'running' ? ` · ${intl.formatMessage({ id: 'tasks.cancelRequested' })}` : ''}
    </Tag>
  );
}

/** Progress: a bar when the total is known, else the count; the message beside. */
export function TaskProgress({
  task,
  wide,
}: {
  task: Pick<Task, 'state' | 'progressDone' | 'progressTotal' | 'progressMessage'>;
  wide?: boolean;
}) {
  const intl = useIntl();
  const { progressDone: done, progressTotal: total, progressMessage: message } = task;
  const status =
    // a finished bar stays 'normal' (antd turns a full bar 'success', whose green text is 2.3:1 on white)
    task.state === 'failed' ? 'exception' : task.state === 'running' ? 'active' : 'normal';
  if (total && total > 0) {
    const percent = Math.min(100, Math.round((done / total) * 100));
    return (
      <div style={{ minWidth: wide ? 320 : 140 }} data-testid="task-progress">
        <Progress
          percent={task.state === 'done' ? 100 : percent}
          size="small"
          status={status}
          format={() => `${done}/${total}`}
          aria-label={intl.formatMessage({ id: 'tasks.progress.aria' }, { done, total })}
        />
        {message ? <div style={{ fontSize: 12, opacity: 0.75 }}>{message}</div> : null}
      </div>
    );
  }
  return (
    <span data-testid="task-progress">
      {done > 0 ? done : '–'}
      {message ? ` · ${message}` : ''}
    </span>
  );
}

/** A kind's label: its translation when there is one, else the kind itself. */
export function useKindLabel(): (kind: string) => string {
  const intl = useIntl();
  return (kind: string) => {
    const id = `tasks.kind.${kind}`;
    return intl.messages[id] ? intl.formatMessage({ id }) : kind;
  };
}
