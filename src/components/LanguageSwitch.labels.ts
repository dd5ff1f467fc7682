import type { Locale } from '../../contracts/constants';

/** Each language named in itself. */
export const LOCALE_LABELS: Record<Locale, string> = { 'zh-CN': '简体中文', 'en-US': 'English' };
