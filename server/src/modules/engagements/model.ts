/**
 * The audit model (docs/engagements.md "The model"): the system subjects an application gets when
 * it enables the Audit module, and the locked fields the domain code relies on. One definition,
 * applied by model-apply.ts when the module is enabled and again at start whenever `AUDIT_MODEL_VERSION`
 * is above the version an application has applied (the upgrade step). An owner may add fields of
 * their own to any of these subjects; they survive every upgrade.
 *
 * Select values are stored as their labels, so the labels are the codes of
 * contracts/engagements.constants.ts; the web shows them translated.
 */
import {
  AUDIT_OBJECTS,
  AUDIT_SUBJECT_KEYS,
  ENGAGEMENT_PHASES,
  EVIDENCE_REQUEST_STATUSES,
  FINDING_KINDS,
  FINDING_SEVERITIES,
  FINDING_STATUSES,
  MANAGEMENT_RESPONSES,
  PROCEDURE_CONCLUSIONS,
  PROCEDURE_KINDS,
  PROCEDURE_METHODS,
  PROCEDURE_STATUSES,
  REMEDIATION_STATUSES,
  REVIEW_NOTE_STATUSES,
  SAMPLE_SELECTIONS,
  WORKPAPER_STATUSES,
  type AuditObject,
} from '../../../../contracts/engagements.constants';
import type { FieldType, Locale, RuleDefinition } from '../../../../contracts';
import type { ModelFieldSpec, ModelSubjectSpec } from '../subjects/model-subjects';

/**
 * The model's version. Raise it whenever the definition below changes: every application that has
 * applied an older one is upgraded at the next start (new subjects and fields added, new choices
 * appended, locks set; nothing removed). Version 2 added the default forms, the reminders trigger
 * and the report template (model-defaults.ts).
 */
export const AUDIT_MODEL_VERSION = 2;
/** The model's name in `app_models.model` and in the application's modules. */
export const AUDIT_MODEL = 'audit';

type Names = Record<Locale, string>;

const PALETTE = ['#1677ff', '#13c2c2', '#52c41a', '#faad14', '#fa541c', '#eb2f96', '#722ed1', '#8c8c8c'];
const choices = (labels: readonly string[]) => labels.map((label, i) => ({ label, color: PALETTE[i % PALETTE.length] }));

interface FieldSpec {
  key: string;
  name: Names;
  type: FieldType;
  required?: boolean;
  managed?: boolean;
  choices?: readonly string[];
  defaultValue?: unknown;
  /** A relation's target object. */
  target?: AuditObject;
  multiple?: boolean;
  prefix?: string;
}

interface ObjectSpec {
  name: Names;
  icon: string;
  description: Names;
  /** The field naming a record. */
  display: string;
  fields: FieldSpec[];
}

const n = (en: string, zh: string): Names => ({ 'en-US': en, 'zh-CN': zh });
const title = (en = 'Title', zh = '标题'): FieldSpec => ({ key: 'title', name: n(en, zh), type: 'text', required: true });
const rel = (key: string, target: AuditObject, en: string, zh: string, required = false): FieldSpec => ({
  key,
  name: n(en, zh),
  type: 'relation',
  target,
  required,
});
const reviewFields: FieldSpec[] = [
  { key: 'status', name: n('Status', '状态'), type: 'singleSelect', managed: true, choices: WORKPAPER_STATUSES, defaultValue: 'draft' },
  { key: 'prepared_by', name: n('Prepared by', '编制人'), type: 'user', managed: true },
  { key: 'prepared_at', name: n('Prepared at', '编制时间'), type: 'datetime', managed: true },
  { key: 'reviewed_by', name: n('Reviewed by', '复核人'), type: 'user', managed: true },
  { key: 'reviewed_at', name: n('Reviewed at', '复核时间'), type: 'datetime', managed: true },
  { key: 'approved_by', name: n('Approved by', '批准人'), type: 'user', managed: true },
  { key: 'approved_at', name: n('Approved at', '批准时间'), type: 'datetime', managed: true },
];

/** Each object's subject and its locked fields. */
export const AUDIT_OBJECT_SPECS: Record<AuditObject, ObjectSpec> = {
  engagement: {
    name: n('Audit engagements', '审计项目'),
    icon: 'AuditOutlined',
    description: n('Audit engagements (projects): scope, period, team, phase and budget.', '审计项目：范围、期间、团队、阶段与预算。'),
    display: 'title',
    fields: [
      title('Engagement', '项目名称'),
      { key: 'code', name: n('Code', '编号'), type: 'autoNumber', prefix: 'ENG-' },
      { key: 'phase', name: n('Phase', '阶段'), type: 'singleSelect', managed: true, choices: ENGAGEMENT_PHASES, defaultValue: 'scope' },
      { key: 'client', name: n('Client / auditee', '被审计单位'), type: 'text' },
      { key: 'scope', name: n('Scope and objectives', '范围与目标'), type: 'longText' },
      { key: 'period_start', name: n('Period start', '审计期间起'), type: 'date' },
      { key: 'period_end', name: n('Period end', '审计期间止'), type: 'date' },
      { key: 'lead', name: n('Engagement lead', '项目负责人'), type: 'user' },
      { key: 'reviewer', name: n('Reviewer', '复核人'), type: 'user' },
      { key: 'budget_hours', name: n('Budget (hours)', '预算工时'), type: 'number' },
      { key: 'closed_at', name: n('Closed at', '关闭时间'), type: 'datetime', managed: true },
    ],
  },
  procedure: {
    name: n('Audit procedures', '审计程序'),
    icon: 'CheckCircleOutlined',
    description: n('Audit tasks of an engagement: control tests, activities, interviews, walkthroughs.', '审计项目的任务：控制测试、活动、访谈、穿行测试。'),
    display: 'title',
    fields: [
      title('Procedure', '程序名称'),
      rel('engagement', 'engagement', 'Engagement', '审计项目', true),
      { key: 'kind', name: n('Kind', '类型'), type: 'singleSelect', choices: PROCEDURE_KINDS, defaultValue: 'control_test' },
      { key: 'method', name: n('Method', '测试方法'), type: 'singleSelect', choices: PROCEDURE_METHODS },
      { key: 'control', name: n('Control tested', '被测试控制'), type: 'text' },
      { key: 'assignee', name: n('Assignee', '执行人'), type: 'user' },
      { key: 'budget_hours', name: n('Budget (hours)', '预算工时'), type: 'number' },
      { key: 'sample_size', name: n('Sample size', '样本量'), type: 'number' },
      { key: 'selection', name: n('Sample selection', '抽样方式'), type: 'singleSelect', choices: SAMPLE_SELECTIONS },
      { key: 'status', name: n('Status', '状态'), type: 'singleSelect', managed: true, choices: PROCEDURE_STATUSES, defaultValue: 'open' },
      { key: 'conclusion', name: n('Conclusion', '结论'), type: 'singleSelect', managed: true, choices: PROCEDURE_CONCLUSIONS },
      { key: 'conclusion_note', name: n('Conclusion note', '结论说明'), type: 'longText', managed: true },
      { key: 'retest_of', name: n('Re-test of finding', '复测的发现'), type: 'relation', target: 'finding', managed: true },
    ],
  },
  workpaper: {
    name: n('Workpapers', '工作底稿'),
    icon: 'FileTextOutlined',
    description: n('Numbered workpapers (WP-001…) with preparer, reviewer and approver sign-offs.', '编号的工作底稿（WP-001…），含编制、复核、批准签核。'),
    display: 'number',
    fields: [
      { key: 'number', name: n('Number', '编号'), type: 'text', managed: true },
      title('Workpaper', '底稿名称'),
      rel('engagement', 'engagement', 'Engagement', '审计项目', true),
      rel('procedure', 'procedure', 'Procedure', '审计程序'),
      { key: 'content', name: n('Content', '内容'), type: 'richText' },
      { key: 'revision', name: n('Revision', '版本'), type: 'number', managed: true, defaultValue: '1' },
      { key: 'supersedes', name: n('Supersedes', '替代'), type: 'relation', target: 'workpaper', managed: true },
      ...reviewFields,
    ],
  },
  finding: {
    name: n('Findings', '审计发现'),
    icon: 'FlagOutlined',
    description: n('Deficiencies, gaps, observations and recommendations, with remediation and re-test.', '缺陷、差距、观察与建议，含整改与复测。'),
    display: 'title',
    fields: [
      title('Finding', '发现'),
      rel('engagement', 'engagement', 'Engagement', '审计项目', true),
      rel('procedure', 'procedure', 'Procedure', '审计程序'),
      { key: 'kind', name: n('Kind', '类型'), type: 'singleSelect', choices: FINDING_KINDS, defaultValue: 'deficiency' },
      { key: 'severity', name: n('Severity', '严重程度'), type: 'singleSelect', required: true, choices: FINDING_SEVERITIES, defaultValue: 'medium' },
      { key: 'status', name: n('Status', '状态'), type: 'singleSelect', managed: true, choices: FINDING_STATUSES, defaultValue: 'open' },
      { key: 'condition', name: n('Condition', '现状'), type: 'longText' },
      { key: 'criteria', name: n('Criteria', '标准'), type: 'longText' },
      { key: 'cause', name: n('Cause', '原因'), type: 'longText' },
      { key: 'effect', name: n('Effect', '影响'), type: 'longText' },
      { key: 'recommendation', name: n('Recommendation', '建议'), type: 'longText' },
      { key: 'owner', name: n('Remediation owner', '整改负责人'), type: 'user' },
      { key: 'raised_at', name: n('Raised at', '提出时间'), type: 'date', managed: true },
      { key: 'due_date', name: n('Remediation due', '整改期限'), type: 'date', managed: true },
      { key: 'response', name: n('Management response', '管理层回复'), type: 'singleSelect', choices: MANAGEMENT_RESPONSES },
      { key: 'action_plan', name: n('Action plan', '整改计划'), type: 'longText' },
      { key: 'response_owner', name: n('Response owner', '回复负责人'), type: 'user' },
      { key: 'response_date', name: n('Response date', '回复日期'), type: 'date' },
      { key: 'closed_at', name: n('Closed at', '关闭时间'), type: 'datetime', managed: true },
    ],
  },
  remediation: {
    name: n('Remediation actions', '整改措施'),
    icon: 'ToolOutlined',
    description: n('Actions that remediate a finding.', '针对审计发现的整改措施。'),
    display: 'title',
    fields: [
      title('Action', '措施'),
      rel('finding', 'finding', 'Finding', '审计发现', true),
      { key: 'owner', name: n('Owner', '负责人'), type: 'user' },
      { key: 'due_date', name: n('Due date', '期限'), type: 'date' },
      { key: 'status', name: n('Status', '状态'), type: 'singleSelect', choices: REMEDIATION_STATUSES, defaultValue: 'open' },
      { key: 'done_at', name: n('Done at', '完成时间'), type: 'date' },
    ],
  },
  review_note: {
    name: n('Review notes', '复核意见'),
    icon: 'SolutionOutlined',
    description: n('A reviewer’s notes on a workpaper or procedure, cleared by the preparer before sign-off.', '复核人对底稿或程序的意见，签核前须由编制人处理。'),
    display: 'note',
    fields: [
      { key: 'note', name: n('Note', '意见'), type: 'longText', required: true },
      rel('engagement', 'engagement', 'Engagement', '审计项目', true),
      rel('workpaper', 'workpaper', 'Workpaper', '工作底稿'),
      rel('procedure', 'procedure', 'Procedure', '审计程序'),
      { key: 'status', name: n('Status', '状态'), type: 'singleSelect', managed: true, choices: REVIEW_NOTE_STATUSES, defaultValue: 'open' },
      { key: 'response', name: n('Preparer’s response', '编制人回复'), type: 'longText' },
      { key: 'cleared_by', name: n('Cleared by', '处理人'), type: 'user', managed: true },
      { key: 'cleared_at', name: n('Cleared at', '处理时间'), type: 'datetime', managed: true },
    ],
  },
  evidence_request: {
    name: n('Evidence requests', '资料需求'),
    icon: 'FolderOutlined',
    description: n('Items the client is asked to provide (the “provided by client” list).', '请被审计单位提供的资料清单（PBC）。'),
    display: 'item',
    fields: [
      { key: 'item', name: n('Item', '资料'), type: 'text', required: true },
      rel('engagement', 'engagement', 'Engagement', '审计项目', true),
      { key: 'requested_from', name: n('Requested from', '提供人'), type: 'user' },
      { key: 'due_date', name: n('Due date', '期限'), type: 'date' },
      { key: 'status', name: n('Status', '状态'), type: 'singleSelect', choices: EVIDENCE_REQUEST_STATUSES, defaultValue: 'requested' },
      { key: 'files', name: n('Provided files', '已提供文件'), type: 'attachment' },
    ],
  },
  time_entry: {
    name: n('Time entries', '工时记录'),
    icon: 'ScheduleOutlined',
    description: n('Hours spent per procedure and person, against the engagement’s budget.', '按程序与人员记录的工时，对照项目预算。'),
    display: 'date',
    fields: [
      rel('engagement', 'engagement', 'Engagement', '审计项目', true),
      rel('procedure', 'procedure', 'Procedure', '审计程序'),
      { key: 'person', name: n('Person', '人员'), type: 'user', required: true },
      { key: 'date', name: n('Date', '日期'), type: 'date', required: true },
      { key: 'hours', name: n('Hours', '工时'), type: 'number', required: true },
      { key: 'note', name: n('Note', '说明'), type: 'text' },
    ],
  },
  report: {
    name: n('Audit reports', '审计报告'),
    icon: 'FileProtectOutlined',
    description: n('Reports rendered from a template over an engagement and its findings, reviewed and signed off.', '基于模板与审计项目及其发现生成的报告，经复核与签核。'),
    display: 'title',
    fields: [
      title('Report', '报告名称'),
      rel('engagement', 'engagement', 'Engagement', '审计项目', true),
      { key: 'template', name: n('Report template', '报告模板'), type: 'text', managed: true },
      { key: 'format', name: n('Format', '格式'), type: 'singleSelect', managed: true, choices: ['html', 'pdf', 'docx'], defaultValue: 'pdf' },
      { key: 'document', name: n('Document', '文档'), type: 'text', managed: true },
      { key: 'document_version', name: n('Document version', '文档版本'), type: 'text', managed: true },
      ...reviewFields,
    ],
  },
};

/** A default view of an object: a kanban over a state or a calendar over a date (contracts/views.ts). */
export interface DefaultViewSpec {
  object: AuditObject;
  name: Names;
  config: { type: 'kanban'; groupField: string; cardFields: string[] } | { type: 'calendar'; dateField: string; titleField: string };
}

/** The views every audit application starts with (an owner may change or delete them; a deleted one is not made again). */
export const AUDIT_DEFAULT_VIEWS: DefaultViewSpec[] = [
  { object: 'engagement', name: n('Engagements by phase', '按阶段查看项目'), config: { type: 'kanban', groupField: 'phase', cardFields: ['code', 'lead', 'period_end'] } },
  { object: 'procedure', name: n('Procedures by status', '按状态查看程序'), config: { type: 'kanban', groupField: 'status', cardFields: ['engagement', 'assignee', 'conclusion'] } },
  { object: 'workpaper', name: n('Workpapers by review status', '按复核状态查看底稿'), config: { type: 'kanban', groupField: 'status', cardFields: ['title', 'engagement', 'prepared_by'] } },
  { object: 'finding', name: n('Findings by status', '按状态查看发现'), config: { type: 'kanban', groupField: 'status', cardFields: ['severity', 'owner', 'due_date'] } },
  { object: 'finding', name: n('Remediation due dates', '整改到期日历'), config: { type: 'calendar', dateField: 'due_date', titleField: 'title' } },
  { object: 'evidence_request', name: n('Evidence due dates', '资料到期日历'), config: { type: 'calendar', dateField: 'due_date', titleField: 'item' } },
];

/** A default rule of an object (contracts/rules.ts definitions; empty values pass, docs/rules.md). */
export interface DefaultRuleSpec {
  /** Stable key, remembered in `app_models.settings.defaultRules` once made. */
  key: string;
  object: AuditObject;
  name: Names;
  definition: RuleDefinition;
  severity: 'blocking' | 'warning';
  message: Names;
}

/** The rules every audit application starts with (an owner may change, disable or delete them). */
export const AUDIT_DEFAULT_RULES: DefaultRuleSpec[] = [
  {
    key: 'engagement.period',
    object: 'engagement',
    name: n('Period ends on or after it starts', '审计期间止不早于期间起'),
    definition: { kind: 'comparison', field: 'period_end', op: 'ge', otherField: 'period_start' },
    severity: 'blocking',
    message: n('The period must end on or after its start', '审计期间止须不早于审计期间起'),
  },
  {
    key: 'time_entry.hours',
    object: 'time_entry',
    name: n('Hours of one entry: 0–24', '单条工时 0–24 小时'),
    definition: { kind: 'range', field: 'hours', min: 0, max: 24 },
    severity: 'blocking',
    message: n('Hours of one entry must be from 0 to 24', '单条工时须在 0 到 24 小时之间'),
  },
  {
    key: 'procedure.sample_size',
    object: 'procedure',
    name: n('Sample size: 1–1,000', '样本量 1–1000'),
    definition: { kind: 'range', field: 'sample_size', min: 1, max: 1000 },
    severity: 'blocking',
    message: n('A sample has from 1 to 1,000 items', '样本量须在 1 到 1000 之间'),
  },
];

/** The subject spec of `object` in the language `locale`. */
export function subjectSpecOf(object: AuditObject, locale: Locale): ModelSubjectSpec {
  const spec = AUDIT_OBJECT_SPECS[object];
  return { model: `audit.${object}`, key: AUDIT_SUBJECT_KEYS[object], name: spec.name[locale], icon: spec.icon, description: spec.description[locale] };
}

/** The field specs of `object`, relations pointing at the subjects `ids` (by object), names in `locale`. */
export function fieldSpecsOf(object: AuditObject, ids: Record<AuditObject, string>, locale: Locale): ModelFieldSpec[] {
  return AUDIT_OBJECT_SPECS[object].fields.map((f) => ({
    key: f.key,
    name: f.name[locale],
    type: f.type,
    required: f.required ?? false,
    unique: false,
    defaultValue: f.defaultValue ?? null,
    options: {
      ...(f.choices ? { choices: choices(f.choices) } : {}),
      ...(f.target ? { targetSubjectId: ids[f.target], multiple: f.multiple ?? false } : {}),
      ...(f.prefix ? { prefix: f.prefix, padding: 4 } : {}),
    },
    validation: {},
    helpText: null,
    managed: f.managed ?? false,
  }));
}

export { AUDIT_OBJECTS };
