/**
 * The console dashboard's "New application" button. Its modal (CreateApplicationModal.tsx, with
 * ProForm's fields, ~170 KB gzip with the date and select pickers they bring) loads on the first
 * click, not with the dashboard (docs/performance.md "Budgets"); it then stays mounted, so what was
 * typed survives closing it.
 */
import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import React, { useState } from 'react';
import { useIntl } from 'umi';

const CreateApplicationModal = React.lazy(() => import('./CreateApplicationModal'));

export default function CreateApplicationForm({ onCreated, primary }: { onCreated: (slug: string) => void; primary?: boolean }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Button
        type={primary ? 'primary' : 'default'}
        icon={<PlusOutlined />}
        data-testid="create-app"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        {intl.formatMessage({ id: 'dashboard.createApp' })}
      </Button>
      {loaded && (
        <React.Suspense fallback={null}>
          <CreateApplicationModal open={open} onOpenChange={setOpen} onCreated={onCreated} />
        </React.Suspense>
      )}
    </>
  );
}
