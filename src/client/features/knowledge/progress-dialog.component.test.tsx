import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { KnowledgeFile, KnowledgeStatus } from '../../../shared/schemas/knowledge.ts';
import { ProgressDialog, ProgressListDialog } from './ProgressDialog.tsx';
import { KNOWLEDGE_TEXTS } from './texts.ts';

// A scan's text recognition takes seconds per page: the training dialog, which cannot be closed
// while a file is read, explains the wait after 5 s and may then be closed (the list goes on showing
// the file's stage) — instead of holding the Wissen tab behind a modal for minutes.

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const file = (name: string, status: KnowledgeStatus): KnowledgeFile => ({
  uuid: `u-${name}`,
  id: 1,
  name,
  description: '',
  extension: 'pdf',
  is_filtered: 0,
  size: 1000,
  status,
  error: null,
  passages: 0,
  created_at: '2026-11-29T05:00:00Z',
});

describe('the training dialog while a scan is read', () => {
  it('says after 5 s of reading why it takes long, and lets the user close it', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    const { rerender } = render(<ProgressDialog file={file('Vertrag-Scan.pdf', 'reading')} onClose={onClose} />);
    expect(screen.queryByText(KNOWLEDGE_TEXTS.readingLong)).toBeNull();
    expect(screen.queryByRole('button', { name: KNOWLEDGE_TEXTS.close })).toBeNull();
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(screen.getByText(KNOWLEDGE_TEXTS.readingLong)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: KNOWLEDGE_TEXTS.close }));
    expect(onClose).toHaveBeenCalledTimes(1);
    // Read on: the hint goes with the reading.
    rerender(<ProgressDialog file={file('Vertrag-Scan.pdf', 'chunking')} onClose={onClose} />);
    expect(screen.queryByText(KNOWLEDGE_TEXTS.readingLong)).toBeNull();
  });

  it('does not show the hint for a file read quickly', () => {
    vi.useFakeTimers();
    const { rerender } = render(<ProgressDialog file={file('Preise.pdf', 'reading')} onClose={() => {}} />);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    rerender(<ProgressDialog file={file('Preise.pdf', 'indexing')} onClose={() => {}} />);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(screen.queryByText(KNOWLEDGE_TEXTS.readingLong)).toBeNull();
  });

  it('explains the wait in the dialog of several files too, while one of them is still read', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    render(<ProgressListDialog files={[file('Preise.pdf', 'ready'), file('Lieferschein.jpg', 'reading')]} onClose={onClose} />);
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(screen.getByText(KNOWLEDGE_TEXTS.readingLong)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: KNOWLEDGE_TEXTS.close }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
