/**
 * The `/:app` parent route (docs/code-style.md "Route access on parents"): Umi's access plugin cannot see
 * params, so this component loads the application and renders 404 (unknown) or 403 (not a
 * member) in place, keeping the URL. A member's visit is remembered as their last application.
 * The application's theme colour, when set, becomes antd's `colorPrimary` for everything
 * under `/{app}` (a nested ConfigProvider: locale, CSP nonce and the rest of the theme are kept),
 * darkened where white text on it would fall below 4.5:1 (config/theme.ts primaryTokens).
 * It also hands the layout the application's modules, subjects and views for the workspace menu
 * (initial state `workspace`). The server checks membership again on every call.
 */
import { useQuery } from '@tanstack/react-query';
import { Button, ConfigProvider, Result } from 'antd';
import { isEqual } from 'lodash';
import React, { useEffect } from 'react';
import { Outlet, useIntl, useLocation, useModel, useParams } from 'umi';
import { primaryTokens } from '../../../config/theme';
import { isShareGridPath } from '../../layouts/share';
import ExceptionResult from '../../components/ExceptionResult';
import Loading from '../../loading';
import { ApiError } from '../../services/api-error';
import { getApplication } from '../../services/applications';
import { updatePreferences } from '../../services/auth';
import { listAppSubjectOptions } from '../../services/subjects';
import { listAppViews } from '../../services/views';
import { MENU_VIEWS_MAX, type WorkspaceMenuData } from '../../layouts/menu';
import type { WorkspaceContext } from './useWorkspace';
import { keys } from '../../services/query-keys';

export default function WorkspaceGate() {
  const intl = useIntl();
  const { app: slug = '' } = useParams<{ app: string }>();
  const { initialState, setInitialState } = useModel('@@initialState');
  const user = initialState?.currentUser ?? null;
  // a share link's grid is admitted by its token, not membership (layouts/share.ts)
  const shared = isShareGridPath(useLocation().pathname);
  const query = useQuery({
    queryKey: keys('applications').detail(slug),
    queryFn: ({ signal }) => getApplication(slug, signal),
    enabled: user !== null && !shared,
  });

  // the menu's subjects and views (layouts/menu.ts): keys shared with the pickers and view lists,
  // so creating a subject or view elsewhere refreshes the menu
  const member = user !== null && !shared && query.isSuccess;
  const subjects = useQuery({ queryKey: keys('subjects').options({ app: slug }), queryFn: () => listAppSubjectOptions(slug), enabled: member, staleTime: 60_000 });
  const views = useQuery({ queryKey: keys('views').options({ app: slug }), queryFn: () => listAppViews(slug, { pageSize: MENU_VIEWS_MAX }), enabled: member, staleTime: 60_000 });
  useEffect(() => {
    if (!query.data) return;
    const workspace: WorkspaceMenuData = {
      app: slug,
      modules: query.data.modules,
      subjects: (subjects.data ?? []).map((s) => ({ key: s.key, name: s.name })),
      views: (views.data?.data ?? []).map((v) => ({ id: v.id, name: v.name, subjectName: v.subjectName })),
    };
    if (!isEqual(initialState?.workspace, workspace)) void setInitialState((s) => ({ currentUser: null, ...s, workspace }));
  }, [slug, query.data, subjects.data, views.data]);

  useEffect(() => {
    if (!query.data || !user || user.lastApp === slug) return;
    updatePreferences({ lastApp: slug })
      .then((u) => setInitialState((s) => ({ ...s, currentUser: u })))
      .catch(() => undefined);
  }, [query.data, slug]);

  if (shared) return <Outlet />;
  if (!user || query.isPending) return <Loading />;
  if (query.error) {
    const status = query.error instanceof ApiError ? query.error.status : 0;
    if (status === 404) return <ExceptionResult code={404} />;
    if (status === 403) return <ExceptionResult code={403} />;
    return (
      <Result
        status="error"
        title={intl.formatMessage({ id: 'exception.error.title' })}
        subTitle={query.error.message}
        extra={<Button onClick={() => void query.refetch()}>{intl.formatMessage({ id: 'common.retry' })}</Button>}
      />
    );
  }
  const context: WorkspaceContext = { app: query.data, refresh: query.refetch };
  const outlet = <Outlet context={context} />;
  if (!query.data.color) return outlet;
  return <ConfigProvider theme={{ token: primaryTokens(query.data.color) }}>{outlet}</ConfigProvider>;
}
