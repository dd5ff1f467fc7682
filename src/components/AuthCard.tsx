/**
 * The centered card that frames the pages outside the layout (/login, /init, the home picker).
 * Plain markup rather than antd Card/Typography: the login page's first load stays ≤ 300 KB.
 */
import React from 'react';
import { useIntl, useModel } from 'umi';
import { logoOf, SITE_FALLBACK } from '../initialState';
import styles from './AuthCard.less';
import LanguageToggle from './LanguageToggle';

export default function AuthCard({ title, children, width = 420 }: { title: string; children: React.ReactNode; width?: number }) {
  const intl = useIntl();
  const { initialState } = useModel('@@initialState');
  const site = initialState?.site ?? SITE_FALLBACK;
  return (
    <div className={styles.page}>
      <div className={styles.lang}>
        <LanguageToggle />
      </div>
      <div className={styles.brand}>
        <img src={logoOf(site)} alt="" width={40} height={40} style={{ objectFit: 'contain' }} />
        <div>
          <h1 className={styles.name} data-testid="site-name">
            {site.siteName}
          </h1>
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
