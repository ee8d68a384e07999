import { z } from '../zod.ts';
import { KNOWLEDGE_MESSAGES } from '../messages.ts';
import { KNOWLEDGE_MAX_FILES } from '../constants.ts';
import { zFileName } from './common.ts';

/** docs/product/knowledge-and-tools.md: up to 100 knowledge files per assistant. */
export { KNOWLEDGE_MAX_FILES };

export const KNOWLEDGE_OFFICE_TYPES = [
  'pdf',
  'docx',
  'doc',
  'xlsx',
  'xls',
  'pptx',
  'ppt',
  // Macro-enabled files, templates and PowerPoint shows: the same formats inside.
  'docm',
  'dotx',
  'dotm',
  'dot',
  'xlsm',
  'xltx',
  'xltm',
  'xlt',
  'pptm',
  'potx',
  'potm',
  'pot',
  'ppsx',
  'ppsm',
  'pps',
  'odt',
  'ods',
  'odp',
  'rtf',
  'eml',
  'msg',
] as const;
export const KNOWLEDGE_TEXT_TYPES = ['txt', 'md', 'markdown', 'csv', 'tsv', 'json', 'html', 'htm', 'xml'] as const;
export const KNOWLEDGE_CODE_TYPES = [
  'js',
  'mjs',
  'cjs',
  'ts',
  'tsx',
  'jsx',
  'py',
  'java',
  'kt',
  'c',
  'h',
  'cpp',
  'hpp',
  'cs',
  'go',
  'rs',
  'rb',
  'php',
  'swift',
  'scala',
  'sh',
  'sql',
  'css',
  'scss',
  'yaml',
  'yml',
  'toml',
  'ini',
  'vue',
  'svelte',
] as const;
/** Pictures of documents (photos, scans): read by text recognition (docs/knowledge.md). */
export const KNOWLEDGE_IMAGE_TYPES = ['jpg', 'jpeg', 'png', 'tif', 'tiff', 'webp', 'gif'] as const;
/** docs/product/knowledge-and-tools.md: code, text, Office, pdf, markdown, json and similar types. */
export const KNOWLEDGE_EXTENSIONS: readonly string[] = [
  ...KNOWLEDGE_OFFICE_TYPES,
  ...KNOWLEDGE_TEXT_TYPES,
  ...KNOWLEDGE_CODE_TYPES,
  ...KNOWLEDGE_IMAGE_TYPES,
];
/** For the file picker's accept attribute. */
export const KNOWLEDGE_ACCEPT = KNOWLEDGE_EXTENSIONS.map((e) => `.${e}`).join(',');

export const KNOWLEDGE_STATUSES = ['queued', 'reading', 'chunking', 'indexing', 'ready', 'error'] as const;
export type KnowledgeStatus = (typeof KNOWLEDGE_STATUSES)[number];

export const ZKnowledgeFile = z.object({
  uuid: z.string(),
  id: z.number(),
  name: z.string(),
  description: z.string(),
  extension: z.string(),
  is_filtered: z.union([z.literal(0), z.literal(1)]),
  size: z.number(),
  status: z.enum(KNOWLEDGE_STATUSES),
  /** The German reason when status is error. */
  error: z.string().nullable(),
  passages: z.number(),
  created_at: z.string(),
});
export type KnowledgeFile = z.infer<typeof ZKnowledgeFile>;

export const ZKnowledgeList = z.object({
  files: z.array(ZKnowledgeFile),
  max_files: z.number(),
  /** The help Mika's shipped guide: nothing can be added, renamed or deleted (decision 030). */
  read_only: z.boolean(),
});
export type KnowledgeList = z.infer<typeof ZKnowledgeList>;

export const ZKnowledgeEditRequest = z.object({
  fileUuid: z.uuid({ error: KNOWLEDGE_MESSAGES.notFound }),
  name: zFileName(KNOWLEDGE_MESSAGES.nameRequired),
  description: z.string().trim().max(2000).default(''),
});

export const ZKnowledgeDeleteRequest = z.object({
  assistantUuid: z.uuid({ error: KNOWLEDGE_MESSAGES.noAssistant }),
  fileUuid: z.uuid({ error: KNOWLEDGE_MESSAGES.notFound }),
});

/** Live ingestion progress in the assistant's knowledge room (joined with the edit right). */
export const KNOWLEDGE_PROGRESS_EVENT = 'KnowledgeProgress';
export const JOIN_KNOWLEDGE_EVENT = 'join-knowledge';
export const LEAVE_KNOWLEDGE_EVENT = 'leave-knowledge';
export const knowledgeRoom = (assistantUuid: string) => `knowledge.${assistantUuid}`;
export interface KnowledgeProgress {
  assistantUuid: string;
  fileUuid: string;
  status: KnowledgeStatus;
  error: string | null;
}
