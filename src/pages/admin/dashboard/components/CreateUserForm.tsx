/**
 * The console dashboard's "New user" button. Its modal (CreateUserModal.tsx, with ProForm's fields)
 * loads on the first click, not with the dashboard (docs/performance.md "Budgets"); it then stays
 * mounted.
 */
import { UserAddOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import React, { useState } from 'react';
import { useIntl } from 'umi';

const CreateUserModal = React.lazy(() => import('./CreateUserModal'));

export default function CreateUserForm({ onCreated }: { onCreated: () => void }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Button
        icon={<UserAddOutlined />}
        data-testid="create-user"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        {intl.formatMessage({ id: 'dashboard.createUser' })}
      </Button>
      {loaded && (
        <React.Suspense fallback={null}>
          <CreateUserModal open={open} onOpenChange={setOpen} onCreated={onCreated} />
        </React.Suspense>
      )}
    </>
  );
}
