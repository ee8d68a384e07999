import { useCallback, useEffect, useRef, useState } from 'react';
import type { AssistantDetail } from '../../../../shared/schemas/assistants.ts';
import { useUpdateAssistant } from '../api/update-assistant.ts';

export const COLOR_FIELDS = [
  'primary_background_color',
  'secondary_background_color',
  'tertiary_background_color',
  'button_color',
] as const;
export type ColorField = (typeof COLOR_FIELDS)[number];
export type Colors = Record<ColorField, string>;

const DEBOUNCE_MS = 400;

export function colorsOf(a: AssistantDetail): Colors {
  return {
    primary_background_color: a.primary_background_color,
    secondary_background_color: a.secondary_background_color,
    tertiary_background_color: a.tertiary_background_color,
    button_color: a.button_color,
  };
}

/**
 * Colour changes show at once and are saved ~400 ms after the last change (a colour picker fires
 * many events while dragging); `onSaved` runs after each successful save (the preview reloads).
 */
export function useColorAutosave(assistant: AssistantDetail, onSaved: () => void) {
  const [colors, setColors] = useState<Colors>(() => colorsOf(assistant));
  const [waiting, setWaiting] = useState(false);
  const [changed, setChanged] = useState(false);
  const pending = useRef<Partial<Colors>>({});
  const timer = useRef<number | undefined>(undefined);
  const stored = useRef(colorsOf(assistant));
  const onSavedRef = useRef(onSaved);
  const mutation = useUpdateAssistant();
  const { mutate } = mutation;
  const uuid = assistant.uuid;

  useEffect(() => {
    onSavedRef.current = onSaved;
    stored.current = colorsOf(assistant);
  }, [onSaved, assistant]);

  const flush = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    setWaiting(false);
    const patch = pending.current;
    pending.current = {};
    if (Object.keys(patch).length === 0) return;
    mutate(
      { uuid, ...patch },
      {
        onSuccess: () => onSavedRef.current(),
        // The global snackbar explains the refusal; show what is stored again.
        onError: () => {
          const revert: Partial<Colors> = {};
          for (const key of Object.keys(patch) as ColorField[]) revert[key] = stored.current[key];
          setColors((c) => ({ ...c, ...revert }));
        },
      },
    );
  }, [mutate, uuid]);

  // Leaving the tab within the debounce time still saves the last change.
  useEffect(() => flush, [flush]);

  const change = (field: ColorField, value: string) => {
    setColors((c) => ({ ...c, [field]: value }));
    pending.current = { ...pending.current, [field]: value };
    setWaiting(true);
    setChanged(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(flush, DEBOUNCE_MS);
  };

  return { colors, change, saving: waiting || mutation.isPending, changed };
}
