/** The centered card that frames the pages outside the layout (/login, /init, the home picker). */
import { Card, Typography } from 'antd';
import React from 'react';
import { useIntl } from 'umi';
import LanguageSwitch from './LanguageSwitch';
import styles from './AuthCard.less';

export default function AuthCard({ title, children, width = 420 }: { title: string; children: React.ReactNode; width?: number }) {
  const intl = useIntl();
  return (
    <div className={styles.page}>
      <div className={styles.lang}>
        <LanguageSwitch />
      </div>
      <div className={styles.brand}>
        <img src="/admin/logo.svg" alt="" width={40} height={40} />
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            Assay
          </Typography.Title>
          <Typography.Text type="secondary">{intl.formatMessage({ id: 'app.tagline' })}</Typography.Text>
        </div>
      </div>
      <Card title={title} style={{ width, maxWidth: '100%' }}>
        {children}
      </Card>
    </div>
  );
}
