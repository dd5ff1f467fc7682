/**
 * The states every audit page shows before its content (docs/engagements-dashboard.md): loading
 * the application's audit model, the "Audit module not enabled" notice when the application's
 * modules lack 'audit' (nothing is asked then) or GET …/audit/model answers 404 (owners get a link to the application settings, where modules are enabled), and a
 * load error with a retry. Renders `children(model)` once the model is there.
 */
import { Button, Result, Skeleton } from 'antd';
import React from 'react';
import { Link, useIntl } from 'umi';
import type { AuditModel } from '../../../contracts';
import { toApiError } from '../../services/api-error';
import { useAuditModel } from '../../services/audit-model';

export default function AuditModuleState({
  app,
  enabled,
  canManage,
  children,
}: {
  /** The application's slug. */
  app: string;
  /** Whether the application's modules include 'audit' (when not, the model is not asked for). */
  enabled: boolean;
  /** Owners and administrators: they get the link to the settings. */
  canManage: boolean;
  children: (model: AuditModel) => React.ReactNode;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const model = useAuditModel(app, enabled);
  if (enabled && model.isPending)
    return (
      <div data-testid="audit-loading">
        <Skeleton active />
      </div>
    );
  if (!enabled || model.moduleOff)
    return (
      <div data-testid="audit-module-off">
        <Result
          status="info"
          title={t('auditDashboard.off.title')}
          subTitle={t(canManage ? 'auditDashboard.off.desc' : 'auditDashboard.off.descMember')}
          extra={
            canManage ? (
              <Link to={`/${app}/settings`} data-testid="audit-settings-link">
                {t('auditDashboard.off.settings')}
              </Link>
            ) : undefined
          }
        />
      </div>
    );
  if (model.isError || !model.data)
    return (
      <div data-testid="audit-error">
        <Result
          status="error"
          title={t('auditDashboard.error')}
          subTitle={toApiError(model.error).message}
          extra={<Button onClick={() => void model.refetch()}>{t('auditDashboard.retry')}</Button>}
        />
      </div>
    );
  return <>{children(model.data)}</>;
}
