/**
 * Demo data for `umi dev` (docs/product.md "Who uses it": developers run `umi dev` on an in-memory
 * database with a demo application). All accounts share DEMO_PASSWORD:
 * - admin@assay.local (administrator)
 * - auditor@assay.local (editor of `demo`)
 * - viewer@assay.local (viewer of `demo`)
 * and the application `demo` "示例审计工作区", owned by the administrator.
 */
import { eq } from 'drizzle-orm';
import type { Database } from './client';
import { applications, memberships, users } from './schema';
import { hashPassword } from '../lib/password';

export const DEMO_PASSWORD = 'Assay-demo-2026';
export const DEMO_ADMIN_EMAIL = 'admin@assay.local';
export const DEMO_AUDITOR_EMAIL = 'auditor@assay.local';
export const DEMO_VIEWER_EMAIL = 'viewer@assay.local';
export const DEMO_APP_SLUG = 'demo';

/**
 * Inserts the demo data into an empty, migrated database; does nothing when `demo` exists.
 * One transaction; ~70 ms (three argon2id hashes).
 */
export async function seedDemoData(db: Database): Promise<void> {
  const existing = await db.select({ id: applications.id }).from(applications).where(eq(applications.slug, DEMO_APP_SLUG));
  if (existing.length > 0) return;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const [admin, auditor, viewer] = await tx
      .insert(users)
      .values([
        { email: DEMO_ADMIN_EMAIL, name: '系统管理员', passwordHash, isAdmin: true },
        { email: DEMO_AUDITOR_EMAIL, name: '审计员 张伟', passwordHash },
        { email: DEMO_VIEWER_EMAIL, name: '只读用户 李娜', passwordHash },
      ])
      .returning();
    const [app] = await tx
      .insert(applications)
      .values({
        slug: DEMO_APP_SLUG,
        name: '示例审计工作区',
        description: '演示数据：审计项目、风险与制度的示例工作区',
        createdBy: admin.id,
      })
      .returning();
    await tx.insert(memberships).values([
      { applicationId: app.id, userId: admin.id, role: 'owner' },
      { applicationId: app.id, userId: auditor.id, role: 'editor' },
      { applicationId: app.id, userId: viewer.id, role: 'viewer' },
    ]);
    await tx.update(users).set({ lastApp: app.id }).where(eq(users.id, auditor.id));
    await tx.update(users).set({ lastApp: app.id }).where(eq(users.id, viewer.id));
  });
}
