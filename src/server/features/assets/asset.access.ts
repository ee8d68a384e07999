import { provideObjectRule } from '../../platform/access.ts';
import { editableAssetFile } from './asset.service.ts';

// The assets feature owns the access to its files (platform/access.ts, OBJECT_PERMISSIONS).
declare module '../../platform/access.ts' {
  interface ObjectPermissions {
    /** A file's uuid → the file with its Mika. */
    'asset.file': { ref: string; proof: Awaited<ReturnType<typeof editableAssetFile>> };
  }
}

provideObjectRule('asset.file', editableAssetFile);
