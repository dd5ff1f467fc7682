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
  'errors.documentRetained': {
    'zh-CN': '文档仍在保留期内，{until} 之前不能清除',
    'en-US': 'The document is within its retention period and cannot be purged before {until}',
  },
  'errors.documentFolderNameTaken': { 'zh-CN': '同一位置已有同名文件夹', 'en-US': 'A folder of this name already exists here' },
  'errors.documentFolderCycle': { 'zh-CN': '文件夹不能移到它自己或其子文件夹下', 'en-US': 'A folder cannot move into itself or one of its subfolders' },
  'errors.documentFolderNotEmpty': {
    'zh-CN': '文件夹中仍有 {documents} 个文档和 {folders} 个子文件夹',
    'en-US': 'The folder still holds {documents} documents and {folders} folders',
  },
  'errors.documentFolderHasDeleted': {
    'zh-CN': '回收站中仍有此文件夹的 {n} 个文档，请先清除它们',
    'en-US': '{n} documents of this folder are still in the recycle bin; purge them first',
  },
  'errors.documentVersionNotFound': { 'zh-CN': '文档版本不存在', 'en-US': 'No such version of the document' },
  'errors.documentFileRequired': { 'zh-CN': '请选择要上传的文件', 'en-US': 'Choose a file to upload' },
  'errors.documentTooManyFiles': { 'zh-CN': '一次最多上传 {max} 个文件', 'en-US': 'At most {max} files per upload' },
  'errors.documentTooLarge': {
    'zh-CN': '文件 {file} 超过上传大小限制 {max} MB',
    'en-US': 'The file {file} is larger than the upload limit of {max} MB',
  },
  'errors.documentOneFileForVersion': {
    'zh-CN': '上传新版本时只能选择一个文件',
    'en-US': 'Upload one file at a time as a new version',
  },
  'errors.documentLinkSourceNotFound': {
    'zh-CN': '链接的来源不存在于文档所属的应用中',
    'en-US': "The linked source does not exist in the document's application",
  },
  'errors.documentLinkSubjectRequired': { 'zh-CN': '记录链接需要指定对象', 'en-US': 'A record link needs its subject' },
  'errors.documentLinkConsole': {
    'zh-CN': '控制台文档不能链接到应用中的记录',
    'en-US': 'A console document cannot be linked from an application',
  },
  'errors.documentLinkNotFound': { 'zh-CN': '链接不存在', 'en-US': 'No such link' },
  'errors.documentLinkTaken': { 'zh-CN': '已经链接过', 'en-US': 'Already linked' },
  'errors.documentShareNotFound': {
    'zh-CN': '分享链接不存在、已过期或已撤销',
    'en-US': 'The share link does not exist, has expired or was revoked',
  },
  'errors.documentShareExpiry': {
    'zh-CN': '到期时间必须在将来，且不超过 {max} 天',
    'en-US': 'The expiry must be in the future and at most {max} days ahead',
  },
} as const satisfies MessageCatalog;
