/**
 * The centered card that frames the pages outside the layout (/login, /init, the home picker).
 * Plain markup rather than antd Card/Typography: the login page's first load stays ≤ 300 KB.
 */
import React from 'react';
import { useIntl } from 'umi';
import styles from './AuthCard.less';
import LanguageToggle from './LanguageToggle';

export default function AuthCard({ title, children, width = 420 }: { title: string; children: React.ReactNode; width?: number }) {
  const intl = useIntl();
  return (
    <div className={styles.page}>
      <div className={styles.lang}>
        <LanguageToggle />
      </div>
      <div className={styles.brand}>
        <img src="/admin/logo.svg" alt="" width={40} height={40} />
        <div>
          <h1 className={styles.name}>Assay</h1>
          <div className={styles.tagline}>{intl.formatMessage({ id: 'app.tagline' })}</div>
        </div>
      </div>
      <section className={styles.card} style={{ width }} aria-label={title}>
        <h2 className={styles.title}>{title}</h2>
        <div className={styles.body}>{children}</div>
      </section>
    </div>
  );
}
