/**
 * Documents (`/admin/document`, `/:app/files`, contracts/documents.constants.ts): the module's
 * server messages in both languages. No zod; the web never imports this file.
 */
import type { MessageCatalog } from './messages';

/** The module's server messages, by key, in both languages. */
export const DOCUMENTS_MESSAGES = {
  'errors.documentNotFound': { 'zh-CN': '文档不存在', 'en-US': 'No such document' },
  'errors.documentFolderNotFound': { 'zh-CN': '文件夹不存在', 'en-US': 'No such folder' },
  'errors.documentOnHold': {
    'zh-CN': '文档处于法律保全中，不能清除：{reason}',
    'en-US': 'The document is under legal hold and cannot be purged: {reason}',
  },
} as const satisfies MessageCatalog;
