/**
 * Server-side messages in both languages (docs/product.md "API conventions": "Server messages follow the request's
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
  // bad input (server lib/text-input.ts, lib/error-handler.ts's database safety net)
  'errors.uuid': { 'zh-CN': '须为有效的 ID（UUID）', 'en-US': 'Must be a valid id (a UUID)' },
  'errors.text.nul': { 'zh-CN': '不能包含空字符（U+0000）', 'en-US': 'Must not contain a NUL character (U+0000)' },
  'errors.text.surrogate': {
    'zh-CN': '包含无效的 Unicode 字符（不成对的代理项）',
    'en-US': 'Contains an invalid Unicode character (an unpaired surrogate)',
  },
  'errors.database.text': {
    'zh-CN': '输入包含数据库无法保存的字符',
    'en-US': 'The input contains a character the database cannot store',
  },
  'errors.database.value': {
    'zh-CN': '输入的值无效或超出允许范围',
    'en-US': 'A value in the request is not valid or out of range',
  },
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
  'errors.key.pattern': {
    'zh-CN': '标识须以小写字母开头，只含小写字母、数字和下划线，最多 40 个字符',
    'en-US': 'A key starts with a lower-case letter and has only lower-case letters, digits and _, at most 40 characters',
  },
  'errors.key.reserved': { 'zh-CN': '该标识为系统保留', 'en-US': 'This key is reserved' },
  'errors.keyTaken': { 'zh-CN': '该标识已被使用', 'en-US': 'This key is already in use' },
  'errors.field.currency': { 'zh-CN': '币种须为 3 个大写字母（ISO 4217）', 'en-US': 'A currency is 3 capital letters (ISO 4217)' },
  'errors.subjectNotFound': { 'zh-CN': '数据对象不存在', 'en-US': 'No such subject' },
  'errors.fieldNotFound': { 'zh-CN': '字段不存在', 'en-US': 'No such field' },
  // subjects and fields: schema changes (modules/subjects)
  'errors.subject.displayField': {
    'zh-CN': '显示字段须为本数据对象的一个字段，且其类型能命名记录（文本、数字、日期、单选、公式、自动编号等）',
    'en-US': 'The display field must be one of the subject’s fields, of a type that can name a record (text, number, date, single select, formula, auto number…)',
  },
  'errors.subject.inUse': {
    'zh-CN': '其他数据对象的关联字段仍指向此数据对象：{names}；请先删除或修改这些字段',
    'en-US': 'Relation fields of other subjects still point here: {names}; delete or change them first',
  },
  'errors.field.keyFixed': { 'zh-CN': '字段标识创建后不能修改', 'en-US': 'A field’s key cannot change once created' },
  'errors.field.keyDuplicate': { 'zh-CN': '字段标识重复：{key}', 'en-US': 'Two fields have the key {key}' },
  'errors.field.choicesRequired': { 'zh-CN': '选择字段至少需要一个选项', 'en-US': 'A select needs at least one option' },
  'errors.field.choicesUnique': { 'zh-CN': '选项名称重复：{label}', 'en-US': 'Two options are named {label}' },
  'errors.field.targetSubject': {
    'zh-CN': '请选择本应用中的一个数据对象作为关联目标',
    'en-US': 'Choose a subject of this application as the relation’s target',
  },
  'errors.field.targetFixed': {
    'zh-CN': '已有记录建立了关联，关联目标不能再修改',
    'en-US': 'Records already hold links; the relation’s target cannot change',
  },
  'errors.field.formula': { 'zh-CN': '公式无效：{reason}', 'en-US': 'Invalid formula: {reason}' },
  'errors.field.formulaCycle': {
    'zh-CN': '公式之间不能循环引用：{names}',
    'en-US': 'Formulas cannot read each other in a circle: {names}',
  },
  'errors.field.validationNotApplicable': {
    'zh-CN': '此规则不适用于 {type} 类型的字段',
    'en-US': 'This rule does not apply to a {type} field',
  },
  'errors.field.bound': {
    'zh-CN': '请填写数字（日期字段填 YYYY-MM-DD，日期时间字段填 ISO 8601 时间）',
    'en-US': 'Enter a number (a date field takes YYYY-MM-DD, a datetime field an ISO 8601 time)',
  },
  'errors.field.minMax': { 'zh-CN': '最小值不能大于最大值', 'en-US': 'The minimum must not exceed the maximum' },
  'errors.field.lengthRange': { 'zh-CN': '最小长度不能大于最大长度', 'en-US': 'The minimum length must not exceed the maximum length' },
  'errors.field.pattern': { 'zh-CN': '不是有效的正则表达式：{detail}', 'en-US': 'Not a valid regular expression: {detail}' },
  'errors.field.patternUnsupported': {
    'zh-CN': '使用了 {detail}：线性时间的正则引擎不支持前瞻、后顾和反向引用，请改写',
    'en-US': 'Uses {detail}: the linear-time pattern engine cannot run lookahead, lookbehind or backreferences; rewrite it',
  },
  'errors.field.patternTooComplex': {
    'zh-CN': '正则表达式过于复杂（{size} 步，最多 {max} 步），请简化',
    'en-US': 'The pattern is too complex ({size} steps, at most {max}); simplify it',
  },
  'errors.field.noDefault': { 'zh-CN': '{type} 类型的字段不能设置默认值', 'en-US': 'A {type} field cannot have a default value' },
  'errors.field.defaultLost': {
    'zh-CN': '原默认值无法转换为新类型；请同时提供新的默认值（或 null）',
    'en-US': 'The default value does not convert to the new type; send a new one (or null) with the change',
  },
  'errors.field.requiredNotApplicable': {
    'zh-CN': '{type} 类型的字段由系统计算，不能设为必填',
    'en-US': 'A {type} field is computed and cannot be required',
  },
  'errors.field.uniqueNotApplicable': {
    'zh-CN': '{type} 类型的字段不能设为唯一',
    'en-US': 'A {type} field cannot be unique',
  },
  'errors.field.requiredNeedsDefault': {
    'zh-CN': '已有 {count} 条记录：新增必填字段时请提供默认值，或先以非必填方式添加',
    'en-US': '{count} records exist: give a required new field a default value, or add it as optional first',
  },
  'errors.field.typeChange': {
    'zh-CN': '{from} 类型的字段不能转换为 {to} 类型',
    'en-US': 'A {from} field cannot become a {to} field',
  },
  'errors.field.typeChangeRefused': {
    'zh-CN': '有 {count} 条记录的值无法转换为新类型，未做任何修改',
    'en-US': '{count} records hold values that do not convert to the new type; nothing was changed',
  },
  'errors.field.requiredBreaks': {
    'zh-CN': '有 {count} 条记录在此字段为空，不能设为必填；未做任何修改',
    'en-US': '{count} records have no value in this field, so it cannot be required; nothing was changed',
  },
  'errors.field.uniqueBreaks': {
    'zh-CN': '有 {count} 条记录的值与其他记录重复，不能设为唯一；未做任何修改',
    'en-US': '{count} records share their value with another, so the field cannot be unique; nothing was changed',
  },
  'errors.field.validationBreaks': {
    'zh-CN': '有 {count} 条记录不符合新的校验规则，未做任何修改',
    'en-US': '{count} records break the new rule; nothing was changed',
  },
  'errors.field.choiceInUse': {
    'zh-CN': '有 {count} 条记录使用了要删除的选项，未做任何修改',
    'en-US': '{count} records use options that would be removed; nothing was changed',
  },
  'errors.field.multipleBreaks': {
    'zh-CN': '有 {count} 条记录关联了多条记录，不能改为单条关联；未做任何修改',
    'en-US': '{count} records link several records, so the relation cannot become single; nothing was changed',
  },
  'errors.field.tooManyChoices': {
    'zh-CN': '不同的值超过 {max} 个，不能作为选项',
    'en-US': 'More than {max} different values: too many to become options',
  },
  'errors.field.isDisplayField': {
    'zh-CN': '这是数据对象的显示字段，请先选择其他显示字段',
    'en-US': 'This is the subject’s display field; choose another display field first',
  },
  'errors.field.readByFormula': {
    'zh-CN': '公式字段 {names} 引用了此字段，请先修改公式',
    'en-US': 'The formula field {names} reads this field; change the formula first',
  },
  'errors.field.order': {
    'zh-CN': '须按新顺序列出每个字段，且每个只出现一次',
    'en-US': 'List every field exactly once, in the new order',
  },
  'errors.field.restoreFormula': { 'zh-CN': '公式字段无法恢复：{reason}', 'en-US': 'The formula field cannot come back: {reason}' },
  'errors.field.restoreTarget': {
    'zh-CN': '此关联字段指向的数据对象已不存在，无法恢复',
    'en-US': 'The subject this relation points to is gone; the field cannot come back',
  },
  'errors.recordNotFound': { 'zh-CN': '记录不存在', 'en-US': 'No such record' },
  'errors.taskNotFound': { 'zh-CN': '任务不存在', 'en-US': 'No such task' },
  'errors.taskKindUnknown': { 'zh-CN': '没有这种任务类型，或它不能手动启动', 'en-US': 'No such task kind, or it cannot be started by hand' },
  'errors.taskNotActive': { 'zh-CN': '任务已结束，无法取消', 'en-US': 'The task has finished; it cannot be cancelled' },
  'errors.taskNotRetryable': { 'zh-CN': '只有失败或已取消的任务可以重试', 'en-US': 'Only a failed or cancelled task can be retried' },
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
  'errors.hostNotAllowed': {
    'zh-CN': '此服务器不响应该主机名的请求（请在 ALLOWED_HOSTS 中加入它）',
    'en-US': 'This server does not answer for this host name (add it to ALLOWED_HOSTS)',
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
  // account and system settings
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
    'zh-CN': '到期时间须在将来，且不超过 365 天',
    'en-US': 'The expiry must be in the future and at most 365 days away',
  },
  'errors.token.readOnly': {
    'zh-CN': '此 API 令牌为只读，不能修改数据（POST、PUT、PATCH、DELETE）',
    'en-US': 'This API token is read-only: it cannot change anything (POST, PUT, PATCH, DELETE)',
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
  // record extras: attachments, comments, saved record queries
  'errors.attachment.notFound': { 'zh-CN': '附件不存在', 'en-US': 'No such attachment' },
  'errors.attachment.tooLarge': {
    'zh-CN': '文件超过上传大小上限（{max} MB）',
    'en-US': 'The file is larger than the upload limit ({max} MB)',
  },
  'errors.attachment.fileRequired': { 'zh-CN': '请选择要上传的文件', 'en-US': 'Choose a file to upload' },
  'errors.attachment.oneFile': { 'zh-CN': '每次只能上传一个文件', 'en-US': 'Upload one file at a time' },
  'errors.attachment.recordNeedsSubject': {
    'zh-CN': '指定记录时须同时指定其数据对象（subjectKey）',
    'en-US': 'A record is named with its subject (subjectKey)',
  },
  'errors.attachment.multipart': {
    'zh-CN': '上传文件须使用 multipart/form-data',
    'en-US': 'An upload must be multipart/form-data',
  },
  'errors.comment.notFound': { 'zh-CN': '评论不存在', 'en-US': 'No such comment' },
  'errors.query.notFound': { 'zh-CN': '查询不存在', 'en-US': 'No such query' },
  // dynamic forms: layout checks name `layout.sections.<i>.fields.<j>.…`; a record write names `formId`
  'errors.form.notFound': { 'zh-CN': '表单不存在', 'en-US': 'No such form' },
  'errors.form.unknownField': { 'zh-CN': '该数据对象没有字段“{key}”', 'en-US': 'The subject has no field "{key}"' },
  'errors.form.computedField': { 'zh-CN': '字段“{key}”由系统计算，不能放进表单', 'en-US': 'Field "{key}" is computed and cannot be placed on a form' },
  'errors.form.duplicateField': { 'zh-CN': '同一字段在表单中只能出现一次', 'en-US': 'A field can be placed on a form only once' },
  'errors.form.tooManyFields': { 'zh-CN': '表单字段过多', 'en-US': 'Too many fields on the form' },
  'errors.form.otherSubject': { 'zh-CN': '该表单不属于这个数据对象', 'en-US': 'This form belongs to another subject' },
  'errors.view.notFound': { 'zh-CN': '视图不存在', 'en-US': 'No such view' },
  'errors.view.field': { 'zh-CN': '该数据对象没有这个字段，或字段类型不适用于此视图', 'en-US': 'No such field of the subject, or a field type this view cannot use' },
  'errors.view.shareNotFound': { 'zh-CN': '分享链接无效、已过期或已撤销', 'en-US': 'The share link is invalid, expired or revoked' },
  'errors.view.sharePassword': { 'zh-CN': '此分享链接需要密码', 'en-US': 'This share link needs a password' },
  'errors.view.sharePasswordWrong': { 'zh-CN': '分享密码错误', 'en-US': 'Wrong share password' },
  'errors.view.shareLocked': {
    'zh-CN': '密码错误次数过多，此分享链接已被锁定，请联系分享者解锁',
    'en-US': 'Too many wrong passwords: this share link is locked until whoever shared it unlocks it',
  },
  'errors.view.shareGuesses': {
    'zh-CN': '此分享链接的密码尝试次数过多，请 {n} 分钟后再试',
    'en-US': 'Too many password attempts on this share link; try again in {n} minutes',
  },
  'errors.view.sharePasswordMin': { 'zh-CN': '分享密码至少 8 个字符', 'en-US': 'A share password needs at least 8 characters' },
  'notices.shareLocked.title': { 'zh-CN': '分享链接已被锁定', 'en-US': 'A share link was locked' },
  'notices.shareLocked.body': {
    'zh-CN': '<p>视图「{view}」的分享链接 {prefix}… 在 {n} 次密码错误后已被锁定，任何人都无法再打开它。如需继续分享，请在该视图的“分享”中解锁或设置新密码。</p>',
    'en-US': '<p>The share link {prefix}… of the view "{view}" was locked after {n} wrong passwords: it opens for no one. To share it again, unlock it or set a new password in the view\'s Share links.</p>',
  },
  'errors.view.expiryPast': { 'zh-CN': '过期时间须晚于现在', 'en-US': 'The expiry must be in the future' },
  'errors.query.column': {
    'zh-CN': '不是该数据对象的字段、系统列或“关联字段.目标字段”',
    'en-US': 'Not a field, a system column or a relation.field of this subject',
  },
  // headers of a record query's system columns (exports)
  'query.column.id': { 'zh-CN': 'ID', 'en-US': 'ID' },
  'query.column.createdAt': { 'zh-CN': '创建时间', 'en-US': 'Created at' },
  'query.column.createdBy': { 'zh-CN': '创建人', 'en-US': 'Created by' },
  'query.column.updatedAt': { 'zh-CN': '更新时间', 'en-US': 'Updated at' },
  'query.column.updatedBy': { 'zh-CN': '更新人', 'en-US': 'Updated by' },
  // records: one value's checks name the field (`values.<key>`); filters name `filter.<key>`
  'errors.record.unknownField': { 'zh-CN': '该数据对象没有这个字段', 'en-US': 'The subject has no such field' },
  'errors.record.computed': { 'zh-CN': '该字段由系统计算，不能填写', 'en-US': 'This field is computed and cannot be written' },
  'errors.record.text': { 'zh-CN': '须为文本', 'en-US': 'Must be text' },
  'errors.record.number': {
    'zh-CN': '须为数字（如 1234.50），最多 60 位',
    'en-US': 'Must be a number such as 1234.50, at most 60 digits',
  },
  'errors.record.boolean': { 'zh-CN': '须为是或否', 'en-US': 'Must be true or false' },
  'errors.record.date': { 'zh-CN': '须为有效日期（YYYY-MM-DD）', 'en-US': 'Must be a valid date (YYYY-MM-DD)' },
  'errors.record.datetime': {
    'zh-CN': '须为带时区的 ISO 8601 日期时间（如 2026-11-22T08:30:00Z）',
    'en-US': 'Must be an ISO 8601 date and time with a time zone (e.g. 2026-11-22T08:30:00Z)',
  },
  'errors.record.list': { 'zh-CN': '须为列表', 'en-US': 'Must be a list' },
  'errors.record.listTooLong': { 'zh-CN': '最多 {n} 项', 'en-US': 'At most {n} items' },
  'errors.record.id': { 'zh-CN': '须为有效的 ID', 'en-US': 'Must be a valid id' },
  'errors.record.email': { 'zh-CN': '邮箱格式不正确', 'en-US': 'Not a valid e-mail address' },
  'errors.record.url': { 'zh-CN': '须为 http:// 或 https:// 开头的网址', 'en-US': 'Must be a web address starting with http:// or https://' },
  'errors.record.phone': {
    'zh-CN': '电话号码只能包含数字、空格和 + - ( ) .，3–32 个字符',
    'en-US': 'A phone number has digits, spaces and + - ( ) . only, 3–32 characters',
  },
  'errors.record.choice': { 'zh-CN': '不是该字段的可选项：{value}', 'en-US': 'Not one of the field’s options: {value}' },
  'errors.record.min': { 'zh-CN': '不能小于 {min}', 'en-US': 'Must be at least {min}' },
  'errors.record.max': { 'zh-CN': '不能大于 {max}', 'en-US': 'Must be at most {max}' },
  'errors.record.minLength': { 'zh-CN': '至少 {n} 个字符', 'en-US': 'At least {n} characters' },
  'errors.record.maxLength': { 'zh-CN': '最多 {n} 个字符', 'en-US': 'At most {n} characters' },
  'errors.record.pattern': { 'zh-CN': '格式不符合要求', 'en-US': 'Does not match the required format' },
  'errors.record.patternInputTooLong': {
    'zh-CN': '太长，无法按该字段的格式检查：最多 {n} 个字符',
    'en-US': 'Too long to check against the field’s format: at most {n} characters',
  },
  'errors.record.userUnknown': { 'zh-CN': '用户不存在或已删除', 'en-US': 'No such user, or the user was deleted' },
  'errors.record.relationUnknown': {
    'zh-CN': '关联的记录不存在或已删除',
    'en-US': 'A linked record does not exist or was deleted',
  },
  'errors.record.attachmentUnknown': {
    'zh-CN': '附件不存在、已删除或不属于本应用',
    'en-US': 'An attachment does not exist, was deleted or belongs to another application',
  },
  'errors.record.valueTaken': { 'zh-CN': '该值已被其他记录使用', 'en-US': 'Another record already has this value' },
  'errors.record.stale': {
    'zh-CN': '记录在你打开后已被修改，请查看变更后再保存',
    'en-US': 'The record changed after you opened it; review the changes and save again',
  },
  'errors.record.importing': {
    'zh-CN': '一项导入正在更新此记录，请稍后再试',
    'en-US': 'An import is updating this record; try again in a moment',
  },
  'errors.record.versionNotFound': { 'zh-CN': '该版本不存在', 'en-US': 'No such version' },
  'errors.record.notFoundIds': { 'zh-CN': '部分记录不存在或已删除', 'en-US': 'Some records do not exist or were deleted' },
  'errors.record.filter': { 'zh-CN': '筛选条件格式不正确', 'en-US': 'The filter is malformed' },
  'errors.record.filterTooComplex': {
    'zh-CN': '筛选条件最多嵌套 {depth} 层、{conditions} 个条件',
    'en-US': 'A filter has at most {depth} levels and {conditions} conditions',
  },
  'errors.record.filterField': { 'zh-CN': '筛选中的字段不存在：{field}', 'en-US': 'The filter names an unknown field: {field}' },
  'errors.record.filterOp': {
    'zh-CN': '字段 {field} 不支持运算符 {op}',
    'en-US': 'Operator {op} does not apply to field {field}',
  },
  'errors.record.filterValue': {
    'zh-CN': '字段 {field} 的筛选值不正确（运算符 {op}）',
    'en-US': 'Not a valid value for field {field} (operator {op})',
  },
  'errors.record.sort': { 'zh-CN': '不能按字段 {field} 排序', 'en-US': 'Cannot sort by field {field}' },
  'errors.record.cursor': {
    'zh-CN': '分页游标无效或与当前排序不符，请从第一页重新加载',
    'en-US': 'The page cursor is invalid or belongs to another sort; reload from the first page',
  },
  // applications and clients
  'errors.application.icon': { 'zh-CN': '请从提供的图标中选择', 'en-US': 'Choose one of the offered icons' },
  'errors.application.color': { 'zh-CN': '主题色需为 #rrggbb 格式', 'en-US': 'Theme colour must be #rrggbb' },
  'errors.application.module': { 'zh-CN': '没有这个模块', 'en-US': 'No such module' },
  'errors.application.memberWho': {
    'zh-CN': '请用用户 ID 或邮箱（二选一）指定成员',
    'en-US': 'Name the member by user id or by e-mail (one of them)',
  },
  'errors.client.code': {
    'zh-CN': '编码需 1–32 个字符：字母或数字开头，仅含字母、数字、.、_ 和 -',
    'en-US': 'Code must be 1–32 characters: a letter or digit, then letters, digits, ., _ or -',
  },
  'errors.client.codeTaken': { 'zh-CN': '该客户编码已被使用', 'en-US': 'This client code is already in use' },
  'errors.client.notFound': { 'zh-CN': '客户不存在', 'en-US': 'No such client' },
  'errors.client.applicationUnknown': {
    'zh-CN': '所选应用不存在或已删除',
    'en-US': 'A chosen application does not exist or was deleted',
  },
  // imports
  'errors.import.file': { 'zh-CN': '请上传一个 CSV、XLSX 或 JSON 文件', 'en-US': 'Upload one CSV, XLSX or JSON file' },
  'errors.import.format': { 'zh-CN': '文件格式无法识别：仅支持 .csv、.xlsx、.json', 'en-US': 'Unknown file format: only .csv, .xlsx and .json' },
  'errors.import.unreadable': { 'zh-CN': '无法读取文件：{reason}', 'en-US': 'The file cannot be read: {reason}' },
  'errors.import.empty': { 'zh-CN': '文件没有表头或数据行', 'en-US': 'The file has no header or no rows' },
  'errors.import.tooManyRows': { 'zh-CN': '文件最多 {n} 行', 'en-US': 'A file may hold at most {n} rows' },
  'errors.import.tooManyColumns': { 'zh-CN': '文件最多 {n} 列', 'en-US': 'A file may hold at most {n} columns' },
  'errors.import.tooLarge': { 'zh-CN': '文件不能超过 {n} MB', 'en-US': 'The file may be at most {n} MB' },
  'errors.import.cellTooLarge': {
    'zh-CN': '第 {row} 行 {column} 列的单元格超过 {limit}',
    'en-US': 'The cell at row {row}, column {column} is larger than {limit}',
  },
  'errors.import.rowTooLarge': { 'zh-CN': '第 {row} 行超过 {limit}', 'en-US': 'Row {row} is larger than {limit}' },
  'errors.import.nul': {
    'zh-CN': '第 {row} 行 {column} 列的单元格含有空字符（U+0000），无法保存；文件可能是其他编码',
    'en-US': 'The cell at row {row}, column {column} holds a NUL character (U+0000), which cannot be stored; the file may be in another encoding',
  },
  'errors.import.textTooLarge': {
    'zh-CN': '工作簿中有超过 {limit} 的文本（第 {index} 个共享字符串）',
    'en-US': 'The workbook holds a text larger than {limit} (shared string {index})',
  },
  'errors.import.partTooLarge': {
    'zh-CN': '工作簿的部件 {part} 解压后超过 {limit}',
    'en-US': 'The workbook’s part {part} is larger than {limit} once unzipped',
  },
  'errors.import.unzippedTooLarge': { 'zh-CN': '工作簿解压后超过 {limit}', 'en-US': 'The workbook is larger than {limit} once unzipped' },
  'errors.import.jsonShape': {
    'zh-CN': 'JSON 须为对象数组，或在某个键下包含对象数组的对象',
    'en-US': 'The JSON must be an array of objects, or an object holding one under a key',
  },
  'errors.import.jsonPick': {
    'zh-CN': 'JSON 顶层是对象：请选择数据所在的键（{keys}）',
    'en-US': 'The JSON is an object: choose the key that holds the rows ({keys})',
  },
  'errors.import.jsonPath': { 'zh-CN': 'JSON 中没有键“{key}”下的对象数组', 'en-US': 'The JSON has no array of objects under “{key}”' },
  'errors.import.notRemovable': {
    'zh-CN': '只能删除未执行的导入（已上传、已检查或失败）；已执行的导入请撤销',
    'en-US': 'Only an import that was not run (uploaded, checked or failed) can be removed; undo an import that ran',
  },
  'errors.import.notFound': { 'zh-CN': '导入批次不存在', 'en-US': 'No such import batch' },
  'errors.import.status': { 'zh-CN': '该导入批次当前状态不允许此操作', 'en-US': 'The import batch’s status does not allow this' },
  'errors.import.mappingField': { 'zh-CN': '映射到的字段不存在或不可写：{field}', 'en-US': 'The column maps to an unknown or computed field: {field}' },
  'errors.import.mappingTwice': { 'zh-CN': '字段 {field} 被映射了两次', 'en-US': 'Field {field} is mapped twice' },
  'errors.import.mappingEmpty': { 'zh-CN': '请至少映射一列', 'en-US': 'Map at least one column' },
  'errors.import.keyFields': { 'zh-CN': '更新或插入更新须选择已映射的关键字段（文本、数字、日期类）', 'en-US': 'Update and upsert need key fields that are mapped (text, number or date fields)' },
  'errors.import.keyMissing': { 'zh-CN': '关键字段为空', 'en-US': 'The key field is empty' },
  'errors.import.keyNotFound': { 'zh-CN': '没有关键字段相符的记录', 'en-US': 'No record has this key' },
  'errors.import.keyAmbiguous': { 'zh-CN': '有多条记录的关键字段相同', 'en-US': 'Several records have this key' },
  'errors.import.duplicateKey': { 'zh-CN': '与第 {row} 行的关键字段重复', 'en-US': 'Same key as row {row}' },
  'errors.import.duplicateValue': { 'zh-CN': '与第 {row} 行的值重复（该字段须唯一）', 'en-US': 'Same value as row {row} (the field is unique)' },
  'errors.import.boolean': { 'zh-CN': '须为 true/false、是/否、yes/no 或 1/0', 'en-US': 'Must be true/false, yes/no or 1/0' },
  'errors.import.userUnknown': {
    'zh-CN': '没有邮箱或姓名为“{value}”的用户（或已删除）',
    'en-US': 'No user has the e-mail or name “{value}” (or the user was deleted)',
  },
  'errors.import.userAmbiguous': {
    'zh-CN': '有 {n} 个用户名为“{value}”：请填写邮箱或 ID',
    'en-US': '{n} users are called “{value}”: use the e-mail or the id',
  },
  'errors.import.relationUnknown': {
    'zh-CN': '“{subject}”中没有名为“{value}”的记录',
    'en-US': 'No {subject} record is called “{value}”',
  },
  'errors.import.relationAmbiguous': {
    'zh-CN': '“{subject}”中有 {n} 条记录名为“{value}”：请填写 ID',
    'en-US': '{n} {subject} records are called “{value}”: use the id',
  },
  'errors.import.invalidRows': { 'zh-CN': '{n} 行有错误，未写入任何数据', 'en-US': '{n} rows have errors; nothing was written' },
  'errors.import.conflict': {
    'zh-CN': '{n} 条记录在检查后被他人修改，导入未生效，请重新运行',
    'en-US': '{n} records were changed by someone else after the check; nothing was imported, run it again',
  },
  'errors.import.interrupted': { 'zh-CN': '导入中断，未写入任何数据', 'en-US': 'The import was interrupted; nothing was written' },
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
