import { z } from '../zod.ts';
import { DATA_PROTECTION_MESSAGES } from '../messages.ts';
import { zId } from './common.ts';

// Datenschutz: retention, export, erasure, processing record and the audit list
// (docs/dataprotection.md). Every call is for administrators, except the visitor's own deletion.

/** The retention periods an admin can choose (days); null keeps conversations without limit. */
export const RETENTION_CHOICES = [30, 90, 180, 365] as const;
export const DEFAULT_VISITOR_RETENTION_DAYS = 90;

const zRetention = z
  .number({ error: DATA_PROTECTION_MESSAGES.retentionInvalid })
  .int(DATA_PROTECTION_MESSAGES.retentionInvalid)
  .nullable()
  .refine((v) => v === null || (RETENTION_CHOICES as readonly number[]).includes(v), DATA_PROTECTION_MESSAGES.retentionInvalid);

export const ZRetentionRequest = z.object({ members_days: zRetention, visitors_days: zRetention });
export type RetentionRequest = z.output<typeof ZRetentionRequest>;

export const ZRetentionRun = z.object({ at: z.string(), threads: z.number().int(), files: z.number().int() });
export const ZRetentionResponse = z.object({
  members_days: z.number().int().nullable(),
  visitors_days: z.number().int().nullable(),
  /** The last nightly run that covered this team, or null. */
  last_run: ZRetentionRun.nullable(),
});
export type RetentionSettings = z.output<typeof ZRetentionResponse>;

export const ZExportRequest = z.discriminatedUnion(
  'scope',
  [
    z.object({ scope: z.literal('team') }),
    z.object({ scope: z.literal('user'), userUuid: z.uuid({ error: DATA_PROTECTION_MESSAGES.userNotFound }) }),
    z.object({ scope: z.literal('thread'), threadId: zId(DATA_PROTECTION_MESSAGES.threadNotFound) }),
  ],
  { error: DATA_PROTECTION_MESSAGES.exportScopeInvalid },
);
export type ExportRequest = z.output<typeof ZExportRequest>;

export const ZExportItem = z.object({
  uuid: z.string(),
  scope: z.enum(['team', 'user', 'thread']),
  label: z.string(),
  status: z.enum(['queued', 'running', 'ready', 'failed']),
  size_bytes: z.number().int().nullable(),
  created_at: z.string(),
  ready_at: z.string().nullable(),
  /** After this moment the download is refused and the file is deleted. */
  expires_at: z.string().nullable(),
  /** The relative download URL while it is valid. */
  download_url: z.string().nullable(),
});
export type ExportItem = z.output<typeof ZExportItem>;
export const ZExportList = z.object({ exports: z.array(ZExportItem) });
export const ZExportCreated = z.object({ status: z.literal('success'), message: z.string(), export: ZExportItem });

export const ZVisitorQuery = z.object({
  q: z
    .string({ error: DATA_PROTECTION_MESSAGES.visitorQueryInvalid })
    .trim()
    .min(1, DATA_PROTECTION_MESSAGES.visitorQueryInvalid)
    .max(200, DATA_PROTECTION_MESSAGES.visitorQueryInvalid),
});
export const ZVisitorThread = z.object({
  id: z.number().int(),
  assistant_name: z.string(),
  created_at: z.string(),
  last_message_at: z.string(),
  messages: z.number().int(),
  /** Whether a contact form was sent in it. */
  has_form: z.boolean(),
});
export type VisitorThread = z.output<typeof ZVisitorThread>;
export const ZVisitorThreadList = z.object({ threads: z.array(ZVisitorThread) });

export const ZOwnThreadDelete = z.object({
  assistantUuid: z.uuid({ error: DATA_PROTECTION_MESSAGES.threadNotFound }),
  threadId: zId(DATA_PROTECTION_MESSAGES.threadNotFound),
  token: z.string({ error: DATA_PROTECTION_MESSAGES.threadNotFound }).min(1, DATA_PROTECTION_MESSAGES.threadNotFound).max(200, DATA_PROTECTION_MESSAGES.threadNotFound),
});

export const ZErased = z.object({
  status: z.literal('success'),
  message: z.string(),
  removed: z.object({ threads: z.number().int(), messages: z.number().int(), files: z.number().int() }),
});
export type ErasedCounts = z.output<typeof ZErased>['removed'];

export const ZDataprotectionAuditEntry = z.object({
  at: z.string(),
  action: z.string(),
  /** German description of what happened (no erased e-mail address or content). */
  text: z.string(),
  actor: z.string().nullable(),
});
export type DataprotectionAuditEntry = z.output<typeof ZDataprotectionAuditEntry>;
export const ZDataprotectionAudit = z.object({ entries: z.array(ZDataprotectionAuditEntry) });
