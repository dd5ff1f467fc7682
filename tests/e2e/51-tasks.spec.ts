/**
 * The tasks pages as the administrator: /admin/task lists the tasks; "Start a task" starts the
 * built-in purge of finished tasks (a real run of the engine behind the e2e server: pg-boss on its
 * database), which opens its page; the page follows it to "done" over the live stream, with its
 * progress and log lines; back on the list the task is there, filtered by kind. An unknown task id
 * shows the 404 result. Screenshots: tests/e2e/screenshots/tasks-*.png.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn } from './actions';

const shot = (page: Page, name: string) => page.screenshot({ path: `tests/e2e/screenshots/tasks-${name}.png`, fullPage: true });

test('tasks: start a built-in task from the list, follow it to done on its page, find it in the list', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/task');
  await expect(page.getByTestId('tasks-table')).toBeVisible();
  await page.getByTestId('start-task').hover();
  await page.getByRole('menuitem', { name: '清除过期的已结束任务' }).click();
  await expect(page).toHaveURL(/\/admin\/task\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('task-detail')).toBeVisible();
  await expect(page.getByTestId('task-state').first()).toHaveText('已完成', { timeout: 30_000 });
  await expect(page.getByTestId('task-logs')).toContainText('purged');
  await expect(page.getByTestId('task-logs')).toContainText('done');
  await shot(page, 'detail');
  const id = page.url().split('/').pop()!;

  await page.goto('/admin/task');
  await expect(page.locator(`a[href="/admin/task/${id}"]`)).toBeVisible();
  await shot(page, 'list');

  await page.goto('/admin/task/00000000-0000-4000-8000-000000000000');
  await expect(page.getByTestId('exception-404')).toBeVisible();
});
