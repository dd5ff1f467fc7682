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

/** The CLI's commands (scripts/deploy.mjs, docs/deploy.md "CLI"), each with the key of its comment. */
const CLI: [command: string, comment: string][] = [
  ['export <application> -o package.zip', 'deploy.cli.export'],
  ['diff package.zip', 'deploy.cli.diff'],
  ['apply package.zip --dry-run', 'deploy.cli.dryRun'],
  ['apply package.zip [--trust signer|package] [--map-variable A=B] [--map-user a@x=b@y]', 'deploy.cli.apply'],
  ['rollback --application <application>', 'deploy.cli.rollback'],
];

/** The short help on the CLI that does the same as the page: the command on the panel's header, the details inside. */
function CliHelp() {
  const t = useT();
  const lines = [
    `export ASSAY_URL=${window.location.origin} ASSAY_TOKEN=…`,
    ...CLI.flatMap(([command, comment]) => [`# ${t(comment)}`, `npm run deploy -- ${command}`]),
  ];
  return (
    <Collapse
      size="small"
      style={{ marginBottom: 16 }}
      data-testid="deploy-cli"
      items={[
        {
          key: 'cli',
          label: (
            <span>
              {t('deploy.cli.title')} <Typography.Text code>npm run deploy -- export|diff|apply|rollback</Typography.Text>
            </span>
          ),
          children: (
            <>
              <Typography.Paragraph>
                {t('deploy.cli.what')} <Link to="/admin/person?tab=tokens">{t('deploy.cli.token')}</Link>
              </Typography.Paragraph>
              <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }} data-testid="deploy-cli-commands">
                {lines.join('\n')}
              </pre>
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
          items={TABS.map((key) => ({
            key,
            label: <span data-testid={`deploy-tab-${key}`}>{t(`deploy.tab.${key}`)}</span>,
            children: panes[key],
          }))}
        />
      </Card>
    </PageContainer>
  );
}
