/**
 * Playwright fixtures: every page records console errors and uncaught page errors; a test fails
 * if any appear, except API answers the test names as expected (`allowHttpErrors`, e.g. the 403
 * of a non-member's workspace, which Chromium logs as "Failed to load resource").
 */
import { expect, test as base } from '@playwright/test';
import type { BrowserContext, Page } from '@playwright/test';

export interface ConsoleProblem {
  kind: 'console' | 'pageerror';
  text: string;
  url?: string;
}

/** Starts recording a page's console errors; returns the live list. */
export function trackConsole(page: Page): ConsoleProblem[] {
  const problems: ConsoleProblem[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push({ kind: 'console', text: msg.text(), url: msg.location().url });
  });
  page.on('pageerror', (err) =>
    problems.push({ kind: 'pageerror', text: `${err.name}: ${err.message}`, url: (err.stack ?? '').split('\n').slice(0, 4).join(' | ') }),
  );
  return problems;
}

/** The problems left once expected HTTP failures (by URL part and status) are removed. */
export function unexpected(problems: ConsoleProblem[], allow: { url: string | RegExp; status: number }[] = []): ConsoleProblem[] {
  return problems.filter(
    (p) =>
      !allow.some(
        (a) =>
          p.text.includes(`status of ${a.status}`) &&
          (typeof a.url === 'string' ? (p.url ?? '').includes(a.url) : a.url.test(p.url ?? '')),
      ),
  );
}

/** A new context + page with console tracking, for a second user. */
export async function openUserPage(context: BrowserContext): Promise<{ page: Page; problems: ConsoleProblem[] }> {
  const page = await context.newPage();
  return { page, problems: trackConsole(page) };
}

export const test = base.extend<{ problems: ConsoleProblem[] }>({
  problems: async ({ page }, provide) => {
    const problems = trackConsole(page);
    await provide(problems);
  },
});

export { expect };
