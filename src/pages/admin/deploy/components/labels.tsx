/**
 * Small displays the deploy page's parts share: a key fingerprint (groups of four, copyable whole),
 * a package's signature state and life as tags, a change type as a tag, a time and who.
 */
import { Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import React from 'react';
import type {
  DeployChangeType,
  DeployDeploymentState,
  DeployPackageState,
  DeploySignatureState,
} from '../../../../../contracts/constants';
import { useT } from '../../../../components/useT';
import { formatFingerprint } from './logic';

/** A fingerprint in groups of four; `short`: the first 12 digits. Copying copies the whole hex. */
export function Fingerprint({ value, short, testId }: { value: string; short?: boolean; testId?: string }) {
  const t = useT();
  return (
    <Typography.Text
      code
      copyable={{ text: value, tooltips: [t('deploy.copy'), t('deploy.copied')] }}
      data-testid={testId}
      title={short ? value : undefined}
    >
      {formatFingerprint(value, short)}
    </Typography.Text>
  );
}

const SIGNATURE_COLORS: Record<DeploySignatureState, string> = { trusted: 'green', unknown_signer: 'orange', unsigned: 'red' };
const PACKAGE_COLORS: Record<DeployPackageState, string> = { uploaded: 'blue', applied: 'green', rolled_back: 'default' };
const DEPLOYMENT_COLORS: Record<DeployDeploymentState, string> = { applied: 'green', rolled_back: 'default' };
const CHANGE_COLORS: Record<DeployChangeType, string> = { added: 'green', changed: 'blue', removed: 'red' };

/** A signature state as a tag ("Trusted signer", "Unknown signer", "Unsigned"). */
export function SignatureTag({ state }: { state: DeploySignatureState }) {
  const t = useT();
  return <Tag color={SIGNATURE_COLORS[state]}>{t(`deploy.signature.${state}`)}</Tag>;
}

/** A package's life as a tag (not applied, applied, rolled back). */
export function PackageStateTag({ state }: { state: DeployPackageState }) {
  const t = useT();
  return <Tag color={PACKAGE_COLORS[state]}>{t(`deploy.packageState.${state}`)}</Tag>;
}

/** A deployment's state as a tag. */
export function DeploymentStateTag({ state }: { state: DeployDeploymentState }) {
  const t = useT();
  return <Tag color={DEPLOYMENT_COLORS[state]}>{t(`deploy.deploymentState.${state}`)}</Tag>;
}

/** A change type as a tag ("Added", "Changed", "Removed"). */
export function ChangeTag({ change }: { change: DeployChangeType }) {
  const t = useT();
  return <Tag color={CHANGE_COLORS[change]}>{t(`deploy.change.${change}`)}</Tag>;
}

/** A time (YYYY-MM-DD HH:mm, local) and who, the second line in the secondary colour; `—` for none. */
export function WhenWho({ at, by }: { at: string | null | undefined; by?: string | null }) {
  if (!at) return <>—</>;
  return (
    <Space direction="vertical" size={0}>
      <span>{dayjs(at).format('YYYY-MM-DD HH:mm')}</span>
      {by && <Typography.Text type="secondary">{by}</Typography.Text>}
    </Space>
  );
}
