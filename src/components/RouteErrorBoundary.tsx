/**
 * Route error boundary (docs/code-style.md "Error boundaries"): the runtime layout's `ErrorBoundary` and
 * the wrapper of pages without the layout (`innerProvider`). A navigation to another pathname
 * resets it (ProLayout's own boundary does not). Shows what failed, with Retry and a way home.
 * Umi's `history` is used rather than router hooks because `innerProvider` sits outside the router.
 */
import { CloseCircleTwoTone, WarningTwoTone } from '@ant-design/icons';
import { Button, Space } from 'antd';
import React from 'react';
import { history, useIntl } from 'umi';
import { chunkFailureKind } from '../loaders/chunk-error';
import { TEXT_TERTIARY } from '../../config/theme';

interface Props {
  children?: React.ReactNode;
}

interface State {
  error: Error | null;
  pathname: string;
}

/** A centred message with an icon and buttons (lighter than antd's Result and its illustrations). */
function Notice(props: { testId: string; kind?: string; icon: React.ReactNode; title: string; text: string; children: React.ReactNode }) {
  return (
    <div data-testid={props.testId} data-kind={props.kind} role="alert" style={{ padding: '64px 24px', textAlign: 'center' }}>
      <div style={{ fontSize: 56, lineHeight: 1 }}>{props.icon}</div>
      <h3 style={{ margin: '16px 0 8px', fontSize: 20, fontWeight: 600 }}>{props.title}</h3>
      <p style={{ margin: '0 auto 24px', maxWidth: 640, color: TEXT_TERTIARY }}>{props.text}</p>
      <Space>{props.children}</Space>
    </div>
  );
}

/**
 * A chunk that failed to load (docs/routes-and-loading.md "Chunk errors"): React.lazy caches the rejection, so Retry reloads the
 * same URL; webpack's own message is shown as it is.
 */
function ChunkErrorView({ error }: { error: Error }) {
  const intl = useIntl();
  const kind = chunkFailureKind(error);
  return (
    <Notice
      testId="chunk-error"
      kind={kind ?? ''}
      icon={<WarningTwoTone twoToneColor="#faad14" />}
      title={intl.formatMessage({ id: 'chunk.failed.title' })}
      text={`${intl.formatMessage({ id: 'chunk.failed.desc' })} ${error.message.split('\n')[0]}`}
    >
      <Button type="primary" onClick={() => window.location.reload()}>
        {intl.formatMessage({ id: 'chunk.failed.retry' })}
      </Button>
      <Button onClick={() => window.location.assign('/')}>{intl.formatMessage({ id: 'common.backHome' })}</Button>
    </Notice>
  );
}

function ErrorView({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const intl = useIntl();
  if (chunkFailureKind(error)) return <ChunkErrorView error={error} />;
  return (
    <Notice
      testId="route-error"
      icon={<CloseCircleTwoTone twoToneColor="#ff4d4f" />}
      title={intl.formatMessage({ id: 'exception.error.title' })}
      text={`${intl.formatMessage({ id: 'exception.error.desc' })} (${error.name}: ${error.message})`}
    >
      <Button type="primary" onClick={onRetry}>
        {intl.formatMessage({ id: 'common.retry' })}
      </Button>
      <Button onClick={() => history.push('/')}>{intl.formatMessage({ id: 'common.backHome' })}</Button>
    </Notice>
  );
}

export default class RouteErrorBoundary extends React.Component<Props, State> {
  state: State = { error: null, pathname: history.location.pathname };
  private unlisten?: () => void;

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  componentDidMount() {
    this.unlisten = history.listen(({ location }) => {
      if (location.pathname !== this.state.pathname) this.setState({ error: null, pathname: location.pathname });
    });
  }

  componentWillUnmount() {
    this.unlisten?.();
  }

  componentDidCatch(error: Error) {
    console.warn('[assay] route error:', error.name, error.message);
  }

  private retry = () => this.setState({ error: null });

  render() {
    return this.state.error ? <ErrorView error={this.state.error} onRetry={this.retry} /> : this.props.children;
  }
}
