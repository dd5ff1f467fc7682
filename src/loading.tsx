/**
 * docs/routes-and-loading.md "Loading spinner" loading indicator: a centered spinner in the theme primary colour, 35 px across,
 * one full turn every 0.75 s. Umi shows it while a route's chunk loads.
 */
import React from 'react';
import styles from './loading.less';

/** Spinner diameter in px (docs/routes-and-loading.md "Loading spinner"). */
export const SPINNER_SIZE_PX = 35;
/** Rotation period in ms (docs/routes-and-loading.md "Loading spinner": 0.75 s). */
export const SPINNER_PERIOD_MS = 750;

export default function Loading() {
  return (
    <div className={styles.wrap} role="status" aria-live="polite" data-testid="route-loading">
      <span className={styles.spinner} />
    </div>
  );
}
