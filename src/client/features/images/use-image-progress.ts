import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { io } from 'socket.io-client';
import {
  IMAGE_PROGRESS_EVENT,
  JOIN_IMAGES_EVENT,
  type GeneratedImage,
  type ImageProgress,
} from '../../../shared/schemas/images.ts';
import { imageKeys } from './api/keys.ts';

/**
 * Live stages of pictures while the image view is open: a WebSocket joins the assistant's image
 * room (the server checks the session's use right) and writes each stage into the cached list.
 */
export function useImageProgress(assistantUuid: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof WebSocket === 'undefined') return;
    const socket = io({ path: '/socket.io', transports: ['websocket'], withCredentials: true });
    socket.on('connect', () => socket.emit(JOIN_IMAGES_EVENT, { assistantUuid }));
    socket.on(IMAGE_PROGRESS_EVENT, (event: ImageProgress) => {
      if (event.assistantUuid !== assistantUuid) return;
      const key = imageKeys.pictures(assistantUuid);
      if (event.status === 'ready' || event.status === 'error') {
        void queryClient.invalidateQueries({ queryKey: key });
        return;
      }
      queryClient.setQueryData<{ images: GeneratedImage[] }>(
        key,
        (old) =>
          old && {
            images: old.images.map((i) =>
              i.uuid === event.imageUuid ? { ...i, status: event.status, error: event.error } : i,
            ),
          },
      );
    });
    return () => {
      socket.disconnect();
    };
  }, [assistantUuid, queryClient]);
}
