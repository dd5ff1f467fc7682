/** The translation hook of the rules pages: `t(id, values)` over react-intl (src/locales/zh-CN/rules.ts, en-US/rules.ts). */
import { useIntl } from 'umi';

export function useRulesT() {
  const intl = useIntl();
  return (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
}
