import { provideObjectRule } from '../../platform/access.ts';
import { editableKnowledgeFile } from './knowledge.service.ts';

// The knowledge feature owns the access to its files (platform/access.ts, OBJECT_PERMISSIONS).
declare module '../../platform/access.ts' {
  interface ObjectPermissions {
    /** A knowledge file's uuid → the file with its Mika. */
    'knowledge.file': { ref: string; proof: Awaited<ReturnType<typeof editableKnowledgeFile>> };
  }
}

provideObjectRule('knowledge.file', editableKnowledgeFile);
