/** The FormatContext (format.ts) of the interface language: its number format and words. */
import { useMemo } from 'react';
import { useIntl } from 'umi';
import type { FormatContext } from './format';

/**
 * `labels`: the result's names of ids; `empty`: 'dash' shows an empty cell as '—' (tables),
 * 'word' as "(empty)" / "（空）" (chart categories, drill titles).
 */
export function useFormatContext(labels: Record<string, string>, empty: 'dash' | 'word' = 'dash'): FormatContext {
  const intl = useIntl();
  return useMemo(
    () => ({
      locale: intl.locale,
      labels,
      empty: empty === 'dash' ? '—' : intl.formatMessage({ id: 'analytics.empty' }),
      yes: intl.formatMessage({ id: 'analytics.yes' }),
      no: intl.formatMessage({ id: 'analytics.no' }),
      // the {date} placeholder is filled by formatBucket
      week: intl.formatMessage({ id: 'analytics.week' }, { date: '{date}' }),
    }),
    [intl, labels, empty],
  );
}
