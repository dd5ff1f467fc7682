/**
 * "Add member" button of the workspace home and the application's members panel. Its dialog
 * (AddMemberModal.tsx: antd Modal, Form, Radio, ~35 KB gzip) loads on the first click, not with the
 * page (docs/performance.md "Budgets"), and then stays mounted, so what was typed survives closing it.
 */
import { UserAddOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import React, { useState } from 'react';
import { useIntl } from 'umi';

const AddMemberModal = React.lazy(() => import('./AddMemberModal'));

export default function AddMemberForm({ slug, onAdded }: { slug: string; onAdded: () => void }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Button
        icon={<UserAddOutlined />}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        data-testid="add-member"
      >
        {intl.formatMessage({ id: 'workspace.addMember' })}
      </Button>
      {loaded && (
        <React.Suspense fallback={null}>
          <AddMemberModal slug={slug} open={open} onClose={() => setOpen(false)} onAdded={onAdded} />
        </React.Suspense>
      )}
    </>
  );
}
