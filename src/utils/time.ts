/** dayjs set up once with the plugins the UI uses (duration, relativeTime) and both locales. */
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import duration from 'dayjs/plugin/duration';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(duration);
dayjs.extend(relativeTime);

/** "3 hours" / "3 小时": a duration given in ms, in the interface language. */
export function humanizeMs(ms: number, locale: string): string {
  return dayjs
    .duration(ms)
    .locale(locale === 'zh-CN' ? 'zh-cn' : 'en')
    .humanize();
}
