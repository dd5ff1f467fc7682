/** The screens' translation hook: `t(id, values)`, the current language's message (react-intl through umi; src/locales). */
import { useIntl } from 'umi';

export function useT() {
  const intl = useIntl();
  return (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
}
