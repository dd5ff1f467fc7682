/**
 * Groups of users (`/admin/group`, contracts/groups.ts): the module's audit actions, recycle-bin
 * types and server messages (both languages). No zod: the web may import this file at run time
 * (docs/architecture.md "Contracts"); contracts/constants.ts re-exports its constants and
 * contracts/modules.ts lists its entries.
 */
import type { MessageCatalog } from './messages';
import type { ModuleEntry } from './modules';

/** Audit actions written by the module and the recycle-bin types it registers (server core/recycle.registry.ts): `<resource>.<verb>`. */
export const GROUPS_MODULE = {
  auditActions: [
    'group.create',
    'group.update',
    'group.delete',
    'group.member_add',
    'group.member_remove',
    'group.grant_add',
    'group.grant_update',
    'group.grant_remove',
  ],
  recycleTypes: ['group'],
} as const satisfies ModuleEntry;

/** The module's server messages (the `message` of its zod checks, its errors' message keys). */
export const GROUPS_MESSAGES = {
  'errors.groupNotFound': { 'zh-CN': '用户组不存在', 'en-US': 'No such group' },
  'errors.groupNameTaken': { 'zh-CN': '该用户组名称已被使用', 'en-US': 'This group name is already in use' },
  'errors.groupNotDeleted': { 'zh-CN': '该用户组不在回收站中', 'en-US': 'This group is not in the recycle bin' },
  'errors.groupMemberNotFound': { 'zh-CN': '该用户不在此用户组中', 'en-US': 'This user is not in the group' },
  'errors.grantNotFound': {
    'zh-CN': '该用户组在此应用中没有角色',
    'en-US': 'This group has no role in the application',
  },
} as const satisfies MessageCatalog;
