/**
 * Notices (docs/product.md "Platform"): announcements written by administrators
 * (title, rich text body, audience everyone / groups / one application's members, publish window,
 * draft → published) and in-app messages from the system to one user. Bodies are HTML, sanitised
 * by the server on every save (server/src/modules/notices/notices.sanitize.ts), so what the API
 * returns is safe to render.
 */
import { z } from 'zod';
import { SLUG_PATTERN } from './constants';

/** An announcement (administrators) or a message from the system to one user. */
export const NOTICE_KINDS = ['announcement', 'message'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** Who sees a notice: everyone, members of groups, members of one application, or one user (messages). */
export const NOTICE_AUDIENCES = ['everyone', 'groups', 'application', 'user'] as const;
export type NoticeAudience = (typeof NOTICE_AUDIENCES)[number];
/** The audiences an administrator picks for an announcement ('user' is for messages). */
export const ANNOUNCEMENT_AUDIENCES = ['everyone', 'groups', 'application'] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];

/** Where an announcement stands: not published; published but its window not open yet; visible; window closed. */
export const NOTICE_STATUSES = ['draft', 'scheduled', 'live', 'expired'] as const;
export type NoticeStatus = (typeof NOTICE_STATUSES)[number];

/** Longest body accepted, in characters of HTML (before sanitising): 100,000 (docs/stack.md "Pinned or chosen versions": sanitise when saving and cap the size). */
export const NOTICE_BODY_MAX = 100_000;
/** Longest title, in characters. */
export const NOTICE_TITLE_MAX = 200;

const titleSchema = z.string().trim().min(1, { message: 'errors.required' }).max(NOTICE_TITLE_MAX);
const bodySchema = z.string().max(NOTICE_BODY_MAX);
const instantSchema = z.iso.datetime({ offset: true });

/** The audience fields whose consistency `noticeAudienceIssues` checks (create, and the merged result of an update). */
export interface NoticeAudienceFields {
  audience: NoticeAudience;
  groupIds: string[];
  applicationId: string | null;
  publishFrom: string | null;
  publishUntil: string | null;
}

/**
 * The cross-field rules of an announcement, as `{ field, message }` with message keys: a groups
 * audience needs at least one group, an application audience needs the application, and the window
 * closes after it opens. Shared by the create schema and the server's update (which checks the
 * merged result).
 */
export function noticeAudienceIssues(n: NoticeAudienceFields): { field: keyof NoticeAudienceFields; message: string }[] {
  const issues: { field: keyof NoticeAudienceFields; message: string }[] = [];
  if (n.audience === 'groups' && n.groupIds.length === 0) issues.push({ field: 'groupIds', message: 'errors.notice.groupsRequired' });
  if (n.audience === 'application' && !n.applicationId) issues.push({ field: 'applicationId', message: 'errors.notice.applicationRequired' });
  if (n.publishFrom && n.publishUntil && Date.parse(n.publishUntil) <= Date.parse(n.publishFrom)) {
    issues.push({ field: 'publishUntil', message: 'errors.notice.window' });
  }
  return issues;
}

const announcementFields = {
  title: titleSchema,
  /** HTML from the rich text editor; sanitised by the server. */
  body: bodySchema,
  audience: z.enum(ANNOUNCEMENT_AUDIENCES),
  /** Groups (audience 'groups'); ignored otherwise. */
  groupIds: z.array(z.uuid()).max(100),
  /** The application (audience 'application'); ignored otherwise. */
  applicationId: z.uuid().nullable(),
  /** Visible from (ISO 8601); null = as soon as published. */
  publishFrom: instantSchema.nullable(),
  /** Visible until (ISO 8601, exclusive); null = no end. */
  publishUntil: instantSchema.nullable(),
  published: z.boolean(),
};

/** POST /api/v1/notices: a new announcement (a draft unless `published`). */
export const noticeCreateSchema = z
  .object({
    ...announcementFields,
    body: bodySchema.default(''),
    groupIds: announcementFields.groupIds.default([]),
    applicationId: announcementFields.applicationId.default(null),
    publishFrom: announcementFields.publishFrom.default(null),
    publishUntil: announcementFields.publishUntil.default(null),
    published: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    for (const issue of noticeAudienceIssues(value)) ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
  });
export type NoticeCreate = z.infer<typeof noticeCreateSchema>;

/**
 * PATCH /api/v1/notices/:id: any of the announcement's fields (publishing = `published: true`).
 * `updatedAt`, when given, must equal the notice's current one (else 409: someone saved meanwhile).
 */
export const noticeUpdateSchema = z
  .object({ ...announcementFields, updatedAt: z.string().optional() })
  .partial()
  .strict();
export type NoticeUpdate = z.infer<typeof noticeUpdateSchema>;

/** POST /api/v1/notices/messages: an administrator's in-app message to one user. */
export const messageSendSchema = z.object({
  recipientId: z.uuid({ message: 'errors.required' }),
  title: titleSchema,
  body: bodySchema.default(''),
});
export type MessageSend = z.infer<typeof messageSendSchema>;

const refSchema = z.object({ id: z.string(), name: z.string() });

/** A notice as the console lists it. */
export const adminNoticeSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTICE_KINDS),
  title: z.string(),
  body: z.string(),
  audience: z.enum(NOTICE_AUDIENCES),
  groupIds: z.array(z.string()),
  /** The live groups of `groupIds` (a deleted group drops out). */
  groups: z.array(refSchema),
  application: z.object({ id: z.string(), slug: z.string(), name: z.string() }).nullable(),
  recipient: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  published: z.boolean(),
  publishFrom: z.string().nullable(),
  publishUntil: z.string().nullable(),
  status: z.enum(NOTICE_STATUSES),
  /** How many users have read it. */
  readCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminNotice = z.infer<typeof adminNoticeSchema>;

/** Sort keys of GET /api/v1/notices (`field:asc|desc`). */
export const NOTICE_SORTS = ['createdAt:desc', 'createdAt:asc', 'title:asc', 'title:desc', 'publishFrom:asc', 'publishFrom:desc'] as const;

/** GET /api/v1/notices: paging, `q` (title), kind, published, sort. */
export const noticeListQuerySchema = z.object({
  current: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  q: z.string().trim().max(100).optional(),
  kind: z.enum(NOTICE_KINDS).optional(),
  published: z.enum(['true', 'false']).optional(),
  sort: z.enum(NOTICE_SORTS).default('createdAt:desc'),
});
export type NoticeListQuery = z.infer<typeof noticeListQuerySchema>;

/** A notice as its reader sees it (notice center, bell). */
export const myNoticeSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTICE_KINDS),
  title: z.string(),
  body: z.string(),
  audience: z.enum(NOTICE_AUDIENCES),
  /** The application of an application-audience notice. */
  application: z.object({ slug: z.string(), name: z.string() }).nullable(),
  /** When it became visible: the window's start, else its creation. */
  publishedAt: z.string(),
  read: z.boolean(),
  readAt: z.string().nullable(),
});
export type MyNotice = z.infer<typeof myNoticeSchema>;

/**
 * GET /api/v1/notices/mine: paging; `unread=true` for unread only; `app` = an application's slug to
 * leave out other applications' notices (a workspace's notice center).
 */
export const myNoticeQuerySchema = z.object({
  current: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  unread: z.enum(['true', 'false']).optional(),
  app: z.string().regex(SLUG_PATTERN).optional(),
});
export type MyNoticeQuery = z.infer<typeof myNoticeQuerySchema>;

/** GET /api/v1/notices/unread-count; POST /api/v1/notices/read-all answers how many it marked. */
export const noticeCountSchema = z.object({ count: z.number().int() });
export type NoticeCount = z.infer<typeof noticeCountSchema>;

/** GET /api/v1/notices/groups: live groups for the audience picker. */
export const noticeGroupOptionSchema = refSchema;
export type NoticeGroupOption = z.infer<typeof noticeGroupOptionSchema>;
