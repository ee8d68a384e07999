import { createAvatar } from '@dicebear/core';
import { botttsNeutral } from '@dicebear/collection';

// Friendly robot faces, deterministic per seed; background from a calm palette matching the theme.
export function generateAvatarSvg(seed: string): string {
  return createAvatar(botttsNeutral, {
    seed,
    radius: 50,
    backgroundColor: ['e53935', '8e24aa', '1e88e5', '00897b', '43a047', 'fb8c00', '546e7a'],
  }).toString();
}
