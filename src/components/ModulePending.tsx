/**
 * The one placeholder for a route whose module is not built yet: it names the module
 * and says plainly that it is not available. One helper, so what remains is one grep:
 * `grep -rl ModulePending src/pages`.
 */
import { Result, Tag } from 'antd';
import React from 'react';
import { useIntl, useLocation } from 'umi';

/** The modules of docs/product.md "Modules", as the keys of `module.<key>` labels. */
export type PendingModule =
  | 'applications' | 'subjects' | 'records' | 'views' | 'forms' | 'rules' | 'automation' | 'documents'
  | 'import' | 'queries' | 'connectors' | 'deploy' | 'identity' | 'notices' | 'system' | 'recycle'
  | 'auditLog' | 'modelProviders' | 'mcp' | 'search' | 'spiders' | 'auditProjects' | 'auditReports'
  | 'integrityRisk' | 'regulations' | 'funds' | 'chat' | 'annotation' | 'visualization' | 'flows'
  | 'graph' | 'theme' | 'gallery';

export default function ModulePending({ module }: { module: PendingModule }) {
  const intl = useIntl();
  const { pathname } = useLocation();
  const moduleName = intl.formatMessage({ id: `module.${module}` });
  return (
    <div data-testid="module-pending" data-module={module} style={{ padding: 24 }}>
      <Result
        status="info"
        title={intl.formatMessage({ id: 'pending.title' }, { module: moduleName })}
        subTitle={intl.formatMessage({ id: 'pending.desc' }, { module: moduleName })}
        extra={<Tag>{pathname}</Tag>}
      />
    </div>
  );
}
