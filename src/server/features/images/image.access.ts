import { provideObjectRule, requireAccess } from '../../platform/access.ts';
import { ownImage } from './image.service.ts';

// The images feature owns the access to generated pictures (platform/access.ts, OBJECT_PERMISSIONS).
declare module '../../platform/access.ts' {
  interface ObjectPermissions {
    /** A picture's uuid → the picture with its Mika's uuid. */
    'image.own': { ref: string; proof: Awaited<ReturnType<typeof ownImage>> };
  }
}

provideObjectRule('image.own', (deps, auth, uuid) => ownImage(deps, requireAccess(auth, 'member'), uuid));
