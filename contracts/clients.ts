/**
 * Clients (`/admin/client`, docs/product.md "Data core"): the audited organisations — code, name,
 * industry, status, contacts, address, notes and the applications that work on them. Any
 * signed-in user reads them (pickers of later modules); administrators write and export.
 */
import { z } from 'zod';
import { emailSchema } from './auth';
import {
  CLIENT_APPLICATIONS_MAX,
  CLIENT_CODE_PATTERN,
  CLIENT_CONTACTS_MAX,
  CLIENT_SORT_FIELDS,
  CLIENT_STATUSES,
  EXPORT_FORMATS,
  PHONE_PATTERN,
} from './constants';
import { pageQuerySchema } from './envelope';
import { sortParamSchema } from './users';

export { CLIENT_SORT_FIELDS, CLIENT_STATUSES } from './constants';
export type { ClientSortField, ClientStatus } from './constants';

/** A phone number as people write it: digits, spaces, `+ - ( ) .`, 3–32 characters. */
const PHONE = PHONE_PATTERN;

/** Optional text: trimmed, at most `max` characters; '' becomes null (clears); undefined = not given. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v));

/**
 * One contact person: a name (required), and optionally a job title, an e-mail and a phone
 * number. Errors name `contacts.<i>.<field>`.
 */
export const clientContactSchema = z.object({
  name: z.string().trim().min(1, { message: 'errors.required' }).max(100),
  title: optionalText(100).transform((v) => v ?? null),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .refine((v) => v === '' || emailSchema.safeParse(v).success, { message: 'errors.email.invalid' })
    .nullable()
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v)),
  phone: z
    .string()
    .trim()
    .refine((v) => v === '' || PHONE.test(v), { message: 'errors.phone.invalid' })
    .nullable()
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v)),
});
export type ClientContactInput = z.input<typeof clientContactSchema>;
export type ClientContact = z.output<typeof clientContactSchema>;

const clientCodeSchema = z.string().trim().regex(CLIENT_CODE_PATTERN, { message: 'errors.client.code' });
const clientNameSchema = z.string().trim().min(1, { message: 'errors.required' }).max(200);
const contactsSchema = z.array(clientContactSchema).max(CLIENT_CONTACTS_MAX);
/** Ids of live applications (duplicates dropped); an unknown one is a 400 naming `applicationIds`. */
const applicationIdsSchema = z
  .array(z.uuid({ message: 'errors.client.applicationUnknown' }))
  .max(CLIENT_APPLICATIONS_MAX)
  .transform((ids) => [...new Set(ids)]);

/** POST /api/v1/clients (administrators). */
export const clientCreateSchema = z.object({
  code: clientCodeSchema,
  name: clientNameSchema,
  industry: optionalText(100),
  status: z.enum(CLIENT_STATUSES).default('active'),
  contacts: contactsSchema.default([]),
  address: optionalText(500),
  notes: optionalText(5000),
  applicationIds: applicationIdsSchema.default([]),
});
export type ClientCreate = z.input<typeof clientCreateSchema>;
export type ClientCreateParsed = z.output<typeof clientCreateSchema>;

/**
 * PATCH /api/v1/clients/:id (administrators): any of the create fields, at least one; `contacts`
 * and `applicationIds` replace the whole list; null or '' clears an optional text.
 */
export const clientUpdateSchema = z
  .object({
    code: clientCodeSchema.optional(),
    name: clientNameSchema.optional(),
    industry: optionalText(100),
    status: z.enum(CLIENT_STATUSES).optional(),
    contacts: contactsSchema.optional(),
    address: optionalText(500),
    notes: optionalText(5000),
    applicationIds: applicationIdsSchema.optional(),
  })
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'errors.required' });
export type ClientUpdate = z.input<typeof clientUpdateSchema>;
export type ClientUpdateParsed = z.output<typeof clientUpdateSchema>;

/** A linked application as a client shows it. */
export const clientApplicationSchema = z.object({ id: z.string(), slug: z.string(), name: z.string() });
export type ClientApplication = z.infer<typeof clientApplicationSchema>;

export const clientSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  industry: z.string().nullable(),
  status: z.enum(CLIENT_STATUSES),
  contacts: z.array(
    z.object({ name: z.string(), title: z.string().nullable(), email: z.string().nullable(), phone: z.string().nullable() }),
  ),
  address: z.string().nullable(),
  notes: z.string().nullable(),
  /** Live linked applications, by name. */
  applications: z.array(clientApplicationSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Client = z.infer<typeof clientSchema>;

/** The list's filters (shared by GET /clients and its export). */
const clientFilterShape = {
  /** Substring of the code or the name, case-insensitive. */
  q: z.string().trim().max(100).optional(),
  status: z.enum(CLIENT_STATUSES).optional(),
  /** Exact industry, case-insensitive. */
  industry: z.string().trim().max(100).optional(),
  /** Clients linked to this application. */
  applicationId: z.uuid().optional(),
  /** One of CLIENT_SORT_FIELDS `:asc|desc`; default code:asc. */
  sort: sortParamSchema(CLIENT_SORT_FIELDS).optional(),
};

/** GET /api/v1/clients: paging, `q` over code and name, filters status/industry/applicationId, sort. */
export const clientListQuerySchema = pageQuerySchema.extend(clientFilterShape);
export type ClientListQuery = z.infer<typeof clientListQuerySchema>;

/** GET /api/v1/clients/export?format=csv|xlsx&<the list's filters> (administrators). */
export const clientExportQuerySchema = z.object({ format: z.enum(EXPORT_FORMATS).default('csv'), ...clientFilterShape });
export type ClientExportQuery = z.infer<typeof clientExportQuerySchema>;

/** GET /api/v1/clients/industries: the industries live clients use, for filters and suggestions. */
export const clientIndustriesSchema = z.array(z.string());
