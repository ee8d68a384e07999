import { useState, type DragEvent } from 'react';
import { COLORS } from './theme-tokens.ts';

const hasFiles = (event: DragEvent) => [...event.dataTransfer.types].includes('Files');

/**
 * Files dragged from the desktop (or out of a mail program) onto an element: the props that make it
 * a drop target, whether files are over it now, and the outline that shows where they will land
 * (for a dialog's content). Text or links dragged over it are left alone.
 */
export function useFileDrop(onFiles: (files: File[]) => void, enabled = true) {
  const [over, setOver] = useState(false);
  const outline = { outline: enabled && over ? `2px dashed ${COLORS.primary}` : 'none', outlineOffset: -8 };
  if (!enabled) return { over: false, outline, targetProps: {} };
  return {
    over,
    outline,
    targetProps: {
      onDragOver: (event: DragEvent) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setOver(true);
      },
      onDragLeave: (event: DragEvent) => {
        // Leaving for one of its own children is no leaving.
        if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return;
        setOver(false);
      },
      onDrop: (event: DragEvent) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        setOver(false);
        const files = [...event.dataTransfer.files];
        if (files.length > 0) onFiles(files);
      },
    },
  };
}
