/**
 * /admin/deploy (docs/routes-and-loading.md "Screen names": 部署包管理; Deploy packages, the
 * "deploy" module: contracts/deploy.ts, server/src/modules/deploy/README.md): an application's model
 * exported as a signed, versioned package and imported into another installation after a diff,
 * one tab each — export (with this installation's key fingerprint), import (the wizard: upload,
 * signature and trust, diff, remap, dry run, apply), the packages kept with their deployments and
 * rollback, the trusted signers. The tab is in the address (`?tab=packages`), and so is a package
 * opened from the list in the wizard (`?tab=import&package=<id>`). A short help names the CLI that
 * does the same (`npm run deploy -- …`).
 */
import { PageContainer } from '@ant-design/pro-components';
import { Card, Collapse, Tabs, Typography } from 'antd';
import React from 'react';
import { Link, useSearchParams } from 'umi';
import { useT } from '../../../components/useT';
import ExportPanel from './components/ExportPanel';
import ImportWizard from './components/ImportWizard';
import PackagesTab from './components/PackagesTab';
import SignersTab from './components/SignersTab';

const TABS = ['export', 'import', 'packages', 'signers'] as const;
type Tab = (typeof TABS)[number];

/** The CLI commands the help lists, as typed in a shell at the repository's root. */
const CLI = ['export', 'diff', 'apply', 'rollback'] as const;

function CliHelp() {
  const t = useT();
  return (
    <Collapse
      size="small"
      style={{ marginBottom: 16 }}
      data-testid="deploy-cli"
      items={[
        {
          key: 'cli',
          label: t('deploy.cli.title'),
          children: (
            <>
              <Typography.Paragraph>
                {t('deploy.cli.what')} <Link to="/admin/person?tab=tokens">{t('deploy.cli.token')}</Link>
              </Typography.Paragraph>
              <Typography.Paragraph>
                <pre style={{ margin: 0 }} data-testid="deploy-cli-commands">
                  {['ASSAY_URL=https://assay.example.com ASSAY_TOKEN=… \\', ...CLI.map((c) => `  npm run deploy -- ${c} ${t(`deploy.cli.${c}`)}`)].join('\n')}
                </pre>
              </Typography.Paragraph>
            </>
          ),
        },
      ]}
    />
  );
}

export default function AdminDeployPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(asked ?? '') ? (asked as Tab) : 'export';
  const packageId = params.get('package') ?? undefined;
  const panes: Record<Tab, React.ReactNode> = {
    export: <ExportPanel />,
    import: <ImportWizard key={packageId ?? 'new'} packageId={packageId} />,
    packages: <PackagesTab onOpen={(id) => setParams({ tab: 'import', package: id })} />,
    signers: <SignersTab />,
  };
  return (
    <PageContainer title={t('menu.admin.deploy')} subTitle={t('deploy.subtitle')}>
      <CliHelp />
      <Card data-testid="deploy-page">
        <Tabs
          activeKey={tab}
          destroyOnHidden
          onChange={(key) => setParams({ tab: key }, { replace: true })}
          items={TABS.map((key) => ({ key, label: <span data-testid={`deploy-tab-${key}`}>{t(`deploy.tab.${key}`)}</span>, children: panes[key] }))}
        />
      </Card>
    </PageContainer>
  );
}
