/**
 * Groups of users (`/admin/group`, contracts/groups.ts): the module's server messages in both
 * languages (the `message` of its zod checks, its errors' message keys). No zod; the web never
 * imports this file: contracts/messages.ts gathers every module's messages (listed in
 * contracts/module-messages.ts) into MESSAGES (docs/architecture.md "Contracts").
 */
import type { MessageCatalog } from './messages';

/** The module's server messages, by key, in both languages. */
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
