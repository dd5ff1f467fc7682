/**
 * HTML → PDF with Chromium (docs/report-rendering.md "PDF"): playwright-core drives the system's
 * Chromium (CHROMIUM_PATH, default /usr/bin/chromium; never a downloaded browser). One browser is
 * launched on first use and kept warm (closePdfBrowser on shutdown); each print gets a fresh context
 * with JavaScript off and every request aborted, so a template's `<img src="http://169.254.169.254/…">`
 * or `file:///etc/passwd` loads nothing (images must be data: URLs, see model.ts `files`).
 * Page numbers come from Chromium's header/footer templates (pageNumber/totalPages).
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { PDF_PRINT_TIMEOUT_MS, type ReportPageSettings } from '../../../../../contracts/report-templates.constants';
import { PAGE_MARK, PAGES_MARK } from './liquid';

/** The Chromium executable used for PDFs. */
export const chromiumPath = (): string => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** What to install for PDFs (Debian/Ubuntu): the browser and the CJK fonts. */
export const PDF_INSTALL = 'apt-get install chromium fonts-noto-cjk';

/** Whether PDFs can be printed here: the Chromium executable exists; `install` says what to install when not. */
export function pdfAvailability(): { available: boolean; chromiumPath: string; install: string } {
  const path = chromiumPath();
  return { available: existsSync(path), chromiumPath: path, install: PDF_INSTALL };
}

let browser: Promise<Browser> | null = null;

/** The warm browser, launched when there is none (or it died). */
async function warmBrowser(): Promise<Browser> {
  if (browser) {
    const b = await browser.catch(() => null);
    if (b?.isConnected()) return b;
    browser = null;
  }
  const launching = chromium.launch({
    executablePath: chromiumPath(),
    args: ['--disable-dev-shm-usage', '--no-first-run', '--disable-extensions', '--disable-background-networking'],
  });
  browser = launching;
  launching.catch(() => {
    if (browser === launching) browser = null;
  });
  return launching;
}

/** Closes the warm browser (server shutdown; tests' after hook). Resolves when it is gone; no-op when none. */
export async function closePdfBrowser(): Promise<void> {
  const b = browser;
  browser = null;
  if (b) await (await b.catch(() => null))?.close();
}

/** The `<template data-report="header|footer">` renderHtml wrote, with the page marks as Chromium's page number spans. */
function snippetOf(html: string, which: 'header' | 'footer'): string {
  const m = new RegExp(`<template data-report="${which}">([\\s\\S]*?)</template>`).exec(html);
  if (!m) return '';
  const inner = m[1]!.split(PAGE_MARK).join('<span class="pageNumber"></span>').split(PAGES_MARK).join('<span class="totalPages"></span>');
  return `<div style="width:100%; font-size:8pt; color:#555; padding:0 10mm; font-family:'Noto Sans CJK SC','Noto Sans',sans-serif; -webkit-print-color-adjust: exact;">${inner}</div>`;
}

/**
 * Prints `html` (renderHtml's document) to PDF with `page`'s size, orientation and margins (mm,
 * default 15; at least 12 at top/bottom when a header/footer is shown).
 * @returns the PDF bytes.
 * @throws when Chromium cannot be launched (see pdfAvailability) or the print exceeds PDF_PRINT_TIMEOUT_MS.
 */
export async function renderPdf(html: string, page: ReportPageSettings): Promise<Buffer> {
  const b = await warmBrowser();
  const context = await b.newContext({ javaScriptEnabled: false, acceptDownloads: false, serviceWorkers: 'block', offline: true });
  try {
    await context.route('**/*', (route) => route.abort());
    const tab = await context.newPage();
    tab.setDefaultTimeout(PDF_PRINT_TIMEOUT_MS);
    await tab.setContent(html, { waitUntil: 'load', timeout: PDF_PRINT_TIMEOUT_MS });
    const header = snippetOf(html, 'header');
    const footer = snippetOf(html, 'footer');
    const margin = Math.min(Math.max(page.marginMm ?? 15, 0), 60);
    const edge = (shown: boolean) => `${shown ? Math.max(margin, 12) : margin}mm`;
    const pdf = await tab.pdf({
      format: page.size ?? 'A4',
      landscape: page.orientation === 'landscape',
      printBackground: true,
      preferCSSPageSize: false,
      displayHeaderFooter: Boolean(header || footer),
      headerTemplate: header || '<span></span>',
      footerTemplate: footer || '<span></span>',
      margin: { top: edge(Boolean(header)), bottom: edge(Boolean(footer)), left: `${margin}mm`, right: `${margin}mm` },
      outline: true,
      tagged: true,
    });
    return pdf;
  } finally {
    await context.close();
  }
}
