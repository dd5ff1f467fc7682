/**
 * Route error boundary (STYLE.md "Error boundaries"): the runtime layout's `ErrorBoundary` and
 * the wrapper of pages without the layout (`innerProvider`). A navigation to another pathname
 * resets it (ProLayout's own boundary does not). Shows what failed, with Retry and a way home.
 * Umi's `history` is used rather than router hooks because `innerProvider` sits outside the router.
 */
import { Button, Result, Space } from 'antd';
import React from 'react';
import { history, useIntl } from 'umi';

interface Props {
  children?: React.ReactNode;
}

interface State {
  error: Error | null;
  pathname: string;
}

function ErrorView({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const intl = useIntl();
  return (
    <div data-testid="route-error">
      <Result
        status="error"
        title={intl.formatMessage({ id: 'exception.error.title' })}
        subTitle={`${intl.formatMessage({ id: 'exception.error.desc' })} (${error.name}: ${error.message})`}
        extra={
          <Space>
            <Button type="primary" onClick={onRetry}>
              {intl.formatMessage({ id: 'common.retry' })}
            </Button>
            <Button onClick={() => history.push('/')}>{intl.formatMessage({ id: 'common.backHome' })}</Button>
          </Space>
        }
      />
    </div>
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
