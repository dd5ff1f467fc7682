/**
 * Server-side messages in both languages (PRODUCT.md: "Server messages follow the request's
 * language"). Keys are the `message` of contracts' custom zod checks and the server's errors.
 */
import type { Locale } from './constants';

type Catalog = Record<string, Record<Locale, string>>;

export const MESSAGES = {
  'errors.required': { 'zh-CN': '必填', 'en-US': 'Required' },
  'errors.password.tooShort': {
    'zh-CN': '密码至少 10 个字符',
    'en-US': 'Password must be at least 10 characters',
  },
  'errors.password.tooLong': { 'zh-CN': '密码最多 128 个字符', 'en-US': 'Password must be at most 128 characters' },
  'errors.password.weak': {
    'zh-CN': '密码需同时包含字母和数字，且不能过于简单',
    'en-US': 'Password must contain letters and digits and not be trivially simple',
  },
  'errors.email.invalid': { 'zh-CN': '邮箱格式不正确', 'en-US': 'Not a valid e-mail address' },
  'errors.slug.pattern': {
    'zh-CN': '标识需 2–32 个字符：小写字母开头，仅含小写字母、数字、- 和 _',
    'en-US': 'Slug must be 2–32 characters: a lower-case letter, then lower-case letters, digits, - or _',
  },
  'errors.slug.reserved': {
    'zh-CN': '该标识是系统保留字，请换一个',
    'en-US': 'This slug is reserved by the system; choose another',
  },
  'errors.validation': { 'zh-CN': '输入有误，请检查标出的字段', 'en-US': 'Some fields are invalid; check the marked fields' },
  'errors.badRequest': { 'zh-CN': '请求格式不正确', 'en-US': 'The request is malformed' },
  'errors.unauthenticated': { 'zh-CN': '请先登录', 'en-US': 'Please sign in first' },
  'errors.forbidden': { 'zh-CN': '没有权限执行此操作', 'en-US': 'You do not have permission to do this' },
  'errors.notFound': { 'zh-CN': '未找到', 'en-US': 'Not found' },
  'errors.routeNotFound': { 'zh-CN': '接口不存在', 'en-US': 'No such API endpoint' },
  'errors.setupClosed': {
    'zh-CN': '系统已初始化，初始化入口已关闭',
    'en-US': 'Assay is already initialised; setup is closed',
  },
  'errors.setupRequired': { 'zh-CN': '系统尚未初始化', 'en-US': 'Assay has not been initialised yet' },
  'errors.invalidCredentials': { 'zh-CN': '邮箱或密码错误', 'en-US': 'Wrong e-mail or password' },
  'errors.slugTaken': { 'zh-CN': '该标识已被使用', 'en-US': 'This slug is already in use' },
  'errors.emailTaken': { 'zh-CN': '该邮箱已被使用', 'en-US': 'This e-mail address is already in use' },
  'errors.userNotFound': { 'zh-CN': '没有使用该邮箱的用户', 'en-US': 'No user has this e-mail address' },
  'errors.applicationNotFound': { 'zh-CN': '应用不存在', 'en-US': 'No such application' },
  'errors.notMember': { 'zh-CN': '你不是该应用的成员', 'en-US': 'You are not a member of this application' },
  'errors.csrf': {
    'zh-CN': '请求被拒绝：缺少防跨站请求标头',
    'en-US': 'Request refused: the anti-forgery header is missing',
  },
  'errors.contentType': {
    'zh-CN': '请求体必须是 application/json',
    'en-US': 'The request body must be application/json',
  },
  'errors.noRouteData': { 'zh-CN': '该页面没有服务端数据', 'en-US': 'This page has no server-side data' },
  'errors.internal': { 'zh-CN': '服务器内部错误', 'en-US': 'Internal server error' },
  'errors.recycleTypeUnknown': { 'zh-CN': '回收站没有这种对象类型', 'en-US': 'The recycle bin has no such type of object' },
  'errors.recycleEntryNotFound': { 'zh-CN': '回收站中没有该对象', 'en-US': 'This object is not in the recycle bin' },
  'errors.recycleConflict': {
    'zh-CN': '无法恢复：已存在同名对象“{label}”',
    'en-US': 'Cannot restore: an object named “{label}” already exists',
  },
  'errors.accountDisabled': {
    'zh-CN': '该账号已停用，请联系管理员',
    'en-US': 'This account is disabled; contact an administrator',
  },
  'errors.lastOwner': {
    'zh-CN': '应用至少需要保留一名所有者',
    'en-US': 'An application must keep at least one owner',
  },
  'errors.memberNotFound': { 'zh-CN': '该用户不是此应用的成员', 'en-US': 'This user is not a member of the application' },
  'errors.rateLimited': { 'zh-CN': '请求过于频繁，请稍后再试', 'en-US': 'Too many requests; try again later' },
  'errors.loginThrottled.second': {
    'zh-CN': '登录失败次数过多，请 1 秒后再试',
    'en-US': 'Too many failed sign-in attempts; try again in 1 second',
  },
  'errors.loginThrottled.seconds': {
    'zh-CN': '登录失败次数过多，请 {n} 秒后再试',
    'en-US': 'Too many failed sign-in attempts; try again in {n} seconds',
  },
  'errors.loginThrottled.minute': {
    'zh-CN': '登录失败次数过多，请 1 分钟后再试',
    'en-US': 'Too many failed sign-in attempts; try again in 1 minute',
  },
  'errors.loginThrottled.minutes': {
    'zh-CN': '登录失败次数过多，请 {n} 分钟后再试',
    'en-US': 'Too many failed sign-in attempts; try again in {n} minutes',
  },
  'errors.csrfOrigin': {
    'zh-CN': '请求被拒绝：来自其他站点的请求',
    'en-US': 'Request refused: it came from another site',
  },
  'errors.currentPasswordWrong': { 'zh-CN': '当前密码不正确', 'en-US': 'The current password is wrong' },
  'errors.password.sameAsCurrent': {
    'zh-CN': '新密码不能与当前密码相同',
    'en-US': 'The new password must differ from the current one',
  },
  'errors.userIdNotFound': { 'zh-CN': '用户不存在', 'en-US': 'No such user' },
  'errors.cannotDisableSelf': {
    'zh-CN': '不能停用自己的账号',
    'en-US': 'You cannot disable your own account',
  },
  'errors.lastAdmin': {
    'zh-CN': '系统至少需要保留一名启用的管理员',
    'en-US': 'Assay must keep at least one enabled administrator',
  },
  'errors.sort': { 'zh-CN': '排序参数不正确', 'en-US': 'Not a valid sort' },
  'errors.cannotDeleteSelf': { 'zh-CN': '不能删除自己的账号', 'en-US': 'You cannot delete your own account' },
  'errors.cannotDemoteSelf': {
    'zh-CN': '不能取消自己的管理员身份',
    'en-US': 'You cannot remove your own administrator role',
  },
  'errors.userNotDeleted': { 'zh-CN': '该用户不在回收站中', 'en-US': 'This user is not in the recycle bin' },
  'errors.userStillReferenced': {
    'zh-CN': '该用户创建的应用仍然存在，无法彻底删除',
    'en-US': 'Applications created by this user still exist; it cannot be purged',
  },
  'errors.sessionNotFound': { 'zh-CN': '会话不存在或已结束', 'en-US': 'No such session (it may have ended)' },
  'errors.groupNotFound': { 'zh-CN': '用户组不存在', 'en-US': 'No such group' },
  'errors.groupNameTaken': { 'zh-CN': '该用户组名称已被使用', 'en-US': 'This group name is already in use' },
  'errors.groupNotDeleted': { 'zh-CN': '该用户组不在回收站中', 'en-US': 'This group is not in the recycle bin' },
  'errors.groupMemberNotFound': { 'zh-CN': '该用户不在此用户组中', 'en-US': 'This user is not in the group' },
  'errors.grantNotFound': {
    'zh-CN': '该用户组在此应用中没有角色',
    'en-US': 'This group has no role in the application',
  },
  // account and system settings (issue 5)
  'errors.password.tooShortFloor': { 'zh-CN': '密码至少 8 个字符', 'en-US': 'Password must be at least 8 characters' },
  'errors.password.policyLength': {
    'zh-CN': '密码至少 {min} 个字符（密码策略）',
    'en-US': 'Password must be at least {min} characters (password policy)',
  },
  'errors.password.policyClasses': {
    'zh-CN': '密码需包含以下至少 {n} 类字符：小写字母、大写字母、数字、符号（密码策略）',
    'en-US': 'Password must mix at least {n} of: lower-case letters, upper-case letters, digits, symbols (password policy)',
  },
  'errors.phone.invalid': {
    'zh-CN': '电话号码格式不正确（3–32 位数字，可含空格、+、-、括号）',
    'en-US': 'Not a valid phone number (3–32 digits, spaces, +, -, parentheses)',
  },
  'errors.date.invalid': { 'zh-CN': '日期时间格式不正确', 'en-US': 'Not a valid date and time' },
  'errors.token.expiryRange': {
    'zh-CN': '到期时间须在将来，且不超过 366 天',
    'en-US': 'The expiry must be in the future and at most 366 days away',
  },
  'errors.token.notFound': { 'zh-CN': '令牌不存在或已吊销', 'en-US': 'No such token, or it is already revoked' },
  'errors.sessionRequired': {
    'zh-CN': '此操作需要在浏览器中登录后进行，API 令牌不能执行',
    'en-US': 'This needs a signed-in browser session; an API token cannot do it',
  },
  'errors.settings.integer': { 'zh-CN': '请输入整数', 'en-US': 'Enter a whole number' },
  'errors.settings.logoTooLarge': { 'zh-CN': '标志图片不能超过 256 KB', 'en-US': 'The logo image must be at most 256 KB' },
  'errors.settings.logoInvalid': {
    'zh-CN': '标志须为 PNG、JPEG、GIF、WebP 或 SVG 图片，或本站的路径（如 /admin/logo.svg）',
    'en-US': 'The logo must be a PNG, JPEG, GIF, WebP or SVG image, or a path on this server (such as /admin/logo.svg)',
  },
  'errors.settings.idleTooLong': {
    'zh-CN': '空闲超时不能长于绝对超时',
    'en-US': 'The idle timeout cannot be longer than the absolute timeout',
  },
  'errors.settings.stale': {
    'zh-CN': '设置已被他人修改，请刷新后再试',
    'en-US': 'Someone else changed the settings meanwhile; reload and try again',
  },
  'errors.noticeNotFound': { 'zh-CN': '通知不存在', 'en-US': 'No such notice' },
  'errors.notice.groupsRequired': { 'zh-CN': '请至少选择一个用户组', 'en-US': 'Choose at least one group' },
  'errors.notice.applicationRequired': { 'zh-CN': '请选择应用', 'en-US': 'Choose the application' },
  'errors.notice.window': { 'zh-CN': '结束时间必须晚于开始时间', 'en-US': 'The end must be after the start' },
  'errors.notice.groupNotFound': { 'zh-CN': '所选用户组不存在或已删除', 'en-US': 'A chosen group does not exist or was deleted' },
  'errors.notice.stale': {
    'zh-CN': '该通知已被他人修改，请刷新后再保存',
    'en-US': 'Someone else changed this notice meanwhile; reload it and save again',
  },
  'errors.notice.notAnnouncement': { 'zh-CN': '消息不能编辑', 'en-US': 'Messages cannot be edited' },
  'errors.variable.key': {
    'zh-CN': '键需 1–64 个字符：字母或 _ 开头，仅含字母、数字、_ 和 .',
    'en-US': 'Key must be 1–64 characters: a letter or _, then letters, digits, _ or .',
  },
  'errors.variable.number': { 'zh-CN': '值必须是数字', 'en-US': 'The value must be a number' },
  'errors.variable.json': { 'zh-CN': '值必须是合法的 JSON', 'en-US': 'The value must be valid JSON' },
  'errors.variable.keyTaken': {
    'zh-CN': '该作用域下已存在同名变量',
    'en-US': 'A variable with this key already exists in this scope',
  },
  'errors.variable.notFound': { 'zh-CN': '变量不存在', 'en-US': 'No such variable' },
  'errors.tag.color': { 'zh-CN': '颜色需为 #rrggbb 格式', 'en-US': 'Colour must be #rrggbb' },
  'errors.tag.nameTaken': { 'zh-CN': '已存在同名标签', 'en-US': 'A tag with this name already exists' },
  'errors.tag.notFound': { 'zh-CN': '标签不存在', 'en-US': 'No such tag' },
  'errors.tag.unknown': { 'zh-CN': '包含不存在或已删除的标签', 'en-US': 'Some tags do not exist or were deleted' },
  'errors.target.type': {
    'zh-CN': '对象类型需为小写字母开头的 1–32 个字符',
    'en-US': 'Target type must be 1–32 characters starting with a lower-case letter',
  },
  'errors.category.notFound': { 'zh-CN': '分类不存在', 'en-US': 'No such category' },
  'errors.category.parentNotFound': { 'zh-CN': '上级分类不存在', 'en-US': 'The parent category does not exist' },
  'errors.category.cycle': {
    'zh-CN': '不能把分类移到它自己或它的下级分类之下',
    'en-US': 'A category cannot be moved under itself or one of its descendants',
  },
  'errors.category.hasChildren': {
    'zh-CN': '该分类还有下级分类，请先移动或删除它们',
    'en-US': 'This category has subcategories; move or delete them first',
  },
  'errors.category.nameTaken': {
    'zh-CN': '同一上级下已存在同名分类',
    'en-US': 'A category with this name already exists under the same parent',
  },
  'errors.category.parentDeleted': {
    'zh-CN': '上级分类已被删除，请先恢复上级分类',
    'en-US': 'The parent category was deleted; restore it first',
  },
  'errors.category.unknown': {
    'zh-CN': '包含不存在或已删除的分类',
    'en-US': 'Some categories do not exist or were deleted',
  },
} as const satisfies Catalog;

export type MessageKey = keyof typeof MESSAGES;

/** True when `key` names a message of the catalogue. */
export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(MESSAGES, key);
}

/** The message for `key` in `locale`; an unknown key is returned unchanged. */
export function translate(key: string, locale: Locale): string {
  return isMessageKey(key) ? MESSAGES[key][locale] : key;
}

/**
 * The message for `key` in `locale` with `{name}` placeholders filled from `params`
 * (e.g. `formatMessage('errors.loginThrottled.seconds', 'en-US', { n: 8 })` →
 * "Too many failed sign-in attempts; try again in 8 seconds"). Unknown placeholders stay as written.
 */
export function formatMessage(key: string, locale: Locale, params: Record<string, string | number> = {}): string {
  return translate(key, locale).replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}
