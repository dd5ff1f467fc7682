/**
 * Pickers over the server's lists (RemoteSelect): a user (name and e-mail), a group, an application.
 */
import React from 'react';
import { useIntl } from 'umi';
import { listApplications } from '../../../../services/applications';
import { listGroups } from '../../../../services/groups';
import { listUsers } from '../../../../services/users';
import RemoteSelect from './RemoteSelect';

interface PickerProps {
  value?: string;
  onChange?: (value: string | undefined) => void;
  style?: React.CSSProperties;
  testId?: string;
  /** The input's id (a Form.Item with a name hands it in; else the label's htmlFor). */
  id?: string;
}

/** Picks a live user, searching name and e-mail. */
export function UserSelect(props: PickerProps) {
  const intl = useIntl();
  return (
    <RemoteSelect
      {...props}
      placeholder={intl.formatMessage({ id: 'people.pick.user' })}
      fetch={async (q) => (await listUsers({ q: q || undefined, pageSize: 20 })).data.map((u) => ({ value: u.id, label: `${u.name} <${u.email}>` }))}
    />
  );
}

/** Picks a live group, searching its name. */
export function GroupSelect(props: PickerProps) {
  const intl = useIntl();
  return (
    <RemoteSelect
      {...props}
      placeholder={intl.formatMessage({ id: 'people.pick.group' })}
      fetch={async (q) => (await listGroups({ q: q || undefined, pageSize: 20 })).data.map((g) => ({ value: g.id, label: g.name }))}
    />
  );
}

/** Picks an application (value: its id, or its slug when `bySlug`), searching slug and name. */
export function ApplicationSelect(props: PickerProps & { bySlug?: boolean }) {
  const intl = useIntl();
  const { bySlug, ...rest } = props;
  return (
    <RemoteSelect
      {...rest}
      placeholder={intl.formatMessage({ id: 'people.pick.application' })}
      fetch={async (q) =>
        (await listApplications({ q: q || undefined, pageSize: 20 })).data.map((a) => ({ value: bySlug ? a.slug : a.id, label: `${a.name} (/${a.slug})` }))
      }
    />
  );
}

