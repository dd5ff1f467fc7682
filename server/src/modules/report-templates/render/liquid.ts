/**
 * The Liquid engine of report templates (docs/report-rendering.md "The sandbox"). liquidjs on Node
 * reads partials from the file system by default, so `{% include 'secret.key' %}` would read a file
 * even with ownPropertyOnly: here the engine gets an in-memory `templates` map holding only the
 * template's own partials, and no `root`; a name outside the map fails the render. Values are
 * HTML-escaped (`outputEscape: 'escape'`; `| raw` opts out), only own properties of the model are
 * reachable (no `constructor`, `__proto__`), unknown filters fail the parse, and every render is
 * bounded by the LIQUID_* limits of contracts/report-templates.constants.ts.
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import { Liquid } from 'liquidjs';
import {
  LIQUID_MEMORY_LIMIT,
  LIQUID_PARSE_LIMIT,
  LIQUID_RENDER_LIMIT_MS,
  type RenderMissing,
  type ReportPageSettings,
} from '../../../../../contracts/report-templates.constants';
import type { ReportDataModel, ReportLocale } from './model';
import { checkCompleteness } from './completeness';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The time zone dates are shown in (the server's, as the records grid's exports; TZ overrides). */
const zone = () => process.env.TZ || Intl.DateTimeFormat().resolvedOptions().timeZone;

const numberOf = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
};

/**
 * A sandboxed Liquid engine whose only readable templates are `partials` (name → source).
 * Filters beyond Liquid's own (each takes the reader's locale from the render's `locale` global):
 *  - `date_local: 'YYYY-MM-DD HH:mm'` — a date/ISO string formatted by dayjs in the reader's locale
 *    (default format `L` / `LL`-like `YYYY-MM-DD`); empty for empty input;
 *  - `number: digits` — Intl.NumberFormat of the locale (grouping), `digits` fraction digits;
 *  - `money: 'CNY'` — Intl currency format of the locale (default CNY);
 *  - `label` — the name of a user/record id (`labels` of the model), the id itself when unknown.
 */
export function createTemplateEngine(partials: Record<string, string>): Liquid {
  const templates: Record<string, string> = {};
  for (const [name, source] of Object.entries(partials)) templates[name] = source;
  const engine = new Liquid({
    templates,
    ownPropertyOnly: true,
    strictFilters: true,
    outputEscape: 'escape',
    parseLimit: LIQUID_PARSE_LIMIT,
    renderLimit: LIQUID_RENDER_LIMIT_MS,
    memoryLimit: LIQUID_MEMORY_LIMIT,
    relativeReference: false,
    dynamicPartials: true,
    cache: false,
    extname: '',
  });
  const localeOf = (ctx: unknown): ReportLocale => {
    const v = (ctx as { getSync?: (p: string[]) => unknown })?.getSync?.(['locale']);
    return v === 'en-US' ? 'en-US' : 'zh-CN';
  };
  engine.registerFilter('date_local', function (this: { context: unknown }, v: unknown, format?: unknown) {
    if (v === null || v === undefined || v === '') return '';
    const locale = localeOf(this.context);
    const s = String(v);
    // a plain date has no time zone: shown as is
    const d = /^\d{4}-\d{2}-\d{2}$/.test(s) ? dayjs(s) : dayjs(s).tz(zone());
    if (!d.isValid()) return s;
    return d.locale(locale === 'zh-CN' ? 'zh-cn' : 'en').format(typeof format === 'string' && format ? format : 'YYYY-MM-DD');
  });
  engine.registerFilter('number', function (this: { context: unknown }, v: unknown, digits?: unknown) {
    const n = numberOf(v);
    if (n === null) return '';
    const d = numberOf(digits);
    const opts = d === null ? {} : { minimumFractionDigits: Math.min(Math.max(d, 0), 10), maximumFractionDigits: Math.min(Math.max(d, 0), 10) };
    return new Intl.NumberFormat(localeOf(this.context), opts).format(n);
  });
  engine.registerFilter('money', function (this: { context: unknown }, v: unknown, currency?: unknown) {
    const n = numberOf(v);
    if (n === null) return '';
    const code = typeof currency === 'string' && /^[A-Z]{3}$/.test(currency) ? currency : 'CNY';
    return new Intl.NumberFormat(localeOf(this.context), { style: 'currency', currency: code }).format(n);
  });
  engine.registerFilter('label', function (this: { context: unknown }, v: unknown) {
    const labels = (this.context as { getSync?: (p: string[]) => unknown })?.getSync?.(['labels']) as Record<string, string> | undefined;
    const one = (id: unknown) => (typeof id === 'string' && labels && Object.prototype.hasOwnProperty.call(labels, id) ? labels[id] : String(id ?? ''));
    return Array.isArray(v) ? v.map(one).join(', ') : one(v);
  });
  return engine;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Marks the rendered header/footer snippets carry for the PDF printer (renderPdf). */
export const PAGE_MARK = '\u0001page\u0001';
export const PAGES_MARK = '\u0001pages\u0001';

/** The page CSS of `page` (size, orientation, margins in mm) plus the report's base styles (CJK fonts). */
export function pageCss(page: ReportPageSettings): string {
  const size = page.size ?? 'A4';
  const orientation = page.orientation ?? 'portrait';
  const margin = Math.min(Math.max(page.marginMm ?? 15, 0), 60);
  return `@page { size: ${size} ${orientation}; margin: ${margin}mm; }
html { font-family: "Noto Sans CJK SC", "Noto Sans SC", "Noto Sans", "PingFang SC", "Microsoft YaHei", sans-serif; font-size: 11pt; line-height: 1.5; color: #111; }
table { border-collapse: collapse; width: 100%; } th, td { border: 1px solid #999; padding: 2pt 4pt; text-align: left; vertical-align: top; }
tr, img { break-inside: avoid; } img { max-width: 100%; }
h1, h2, h3 { break-after: avoid; }
nav.report-toc ol { list-style: none; padding-left: 0; } nav.report-toc li.l2 { padding-left: 1.5em; } nav.report-toc li.l3 { padding-left: 3em; }
nav.report-toc { break-after: page; }
.report-page-header, .report-page-footer { color: #666; font-size: 9pt; }
@media print { .report-page-header, .report-page-footer { display: none; } }`;
}

/** Gives the h1–h3 of `html` ids (keeping ones they have) and returns the table of contents linking them. */
function withToc(html: string): { html: string; toc: string } {
  const items: string[] = [];
  let n = 0;
  const out = html.replace(/<h([1-3])(\s[^>]*)?>([\s\S]*?)<\/h\1>/gi, (all, level: string, attrs: string | undefined, inner: string) => {
    n += 1;
    const existing = /\sid\s*=\s*["']([^"']+)["']/i.exec(attrs ?? '')?.[1];
    const id = existing ?? `sec-${n}`;
    const text = inner.replace(/<[^>]*>/g, '').trim();
    items.push(`<li class="l${level}"><a href="#${esc(id)}">${text}</a></li>`);
    return existing ? all : `<h${level} id="${id}"${attrs ?? ''}>${inner}</h${level}>`;
  });
  return { html: out, toc: items.length ? `<nav class="report-toc"><ol>\n${items.join('\n')}\n</ol></nav>\n` : '' };
}

/**
 * Renders a template to a full HTML document (also the PDF's source): `body` with its `partials`
 * over `model`, the page CSS of `page`, a table of contents of h1–h3 when `page.toc` (links, no
 * page numbers: those need paged-media layout, which needs JavaScript), and the header/footer
 * snippets (Liquid; `{{ page }}`/`{{ pages }}` become the page numbers in the PDF; on screen they
 * show above/below the body). The completeness check runs on the result (`missing`).
 * @throws liquidjs errors (ParseError, RenderError, LimitError) for a template that does not parse,
 *   names an unknown filter or partial, or exceeds the limits.
 */
export async function renderHtml(
  template: { body: string; partials: Record<string, string>; page: ReportPageSettings },
  model: ReportDataModel,
  opts: { locale: ReportLocale },
): Promise<{ html: string; missing: RenderMissing[] }> {
  const engine = createTemplateEngine(template.partials);
  const scope = { ...model, locale: opts.locale };
  const parsed = engine.parse(template.body);
  const body = (await engine.render(parsed, scope)) as string;
  const snippet = async (src: string | undefined) =>
    src ? ((await engine.parseAndRender(src, { ...scope, page: PAGE_MARK, pages: PAGES_MARK })) as string) : '';
  const header = await snippet(template.page.header);
  const footer = await snippet(template.page.footer);
  const { html: content, toc } = template.page.toc ? withToc(body) : { html: body, toc: '' };
  const screen = (s: string) => s.split(PAGE_MARK).join('').split(PAGES_MARK).join('');
  const title = model.record?.title ?? model.subject.name;
  const html = `<!DOCTYPE html>
<html lang="${opts.locale}">
<head>
<meta charset="utf-8">
<title>${esc(String(title))}</title>
<style>
${pageCss(template.page)}
</style>
</head>
<body>
${header ? `<template data-report="header">${header}</template>\n<div class="report-page-header">${screen(header)}</div>\n` : ''}${toc}<main>
${content}
</main>
${footer ? `<div class="report-page-footer">${screen(footer)}</div>\n<template data-report="footer">${footer}</template>\n` : ''}</body>
</html>
`;
  const missing = checkCompleteness({
    engine,
    templates: parsed,
    source: template.body,
    model,
    output: [body, header, footer].join('\n'),
    recordId: model.record?.id ?? null,
  });
  return { html, missing };
}
