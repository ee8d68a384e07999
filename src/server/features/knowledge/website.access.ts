import { provideObjectRule } from '../../platform/access.ts';
import { editableWebsite } from './website.service.ts';

// The knowledge feature owns the access to its websites (platform/access.ts, OBJECT_PERMISSIONS).
declare module '../../platform/access.ts' {
  interface ObjectPermissions {
    /** A website's uuid → the website with its Mika (edit right). */
    'knowledge.website': { ref: string; proof: Awaited<ReturnType<typeof editableWebsite>> };
  }
}

provideObjectRule('knowledge.website', editableWebsite);
