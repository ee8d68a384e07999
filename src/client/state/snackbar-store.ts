import { useEffect } from 'react';
import { create } from 'zustand';
import { LIMITS } from '../../shared/constants.ts';

export type SnackbarColor = 'success' | 'error' | 'warning' | 'info';

interface SnackbarState {
  status: boolean;
  color: SnackbarColor;
  text: string;
  /** ms until the snackbar hides; a new value is applied only when one is given (docs/product/README.md). */
  timeout: number;
  /** Increments on every show, so the same text shown twice restarts the timer. */
  key: number;
  show: (color: SnackbarColor, text: string, timeout?: number) => void;
  hide: () => void;
}

export const useSnackbarStore = create<SnackbarState>()((set) => ({
  status: false,
  color: 'info',
  text: '',
  timeout: LIMITS.snackbarDefaultMs,
  key: 0,
  show: (color, text, timeout) =>
    set((state) => ({
      status: true,
      color,
      text,
      timeout: timeout ?? state.timeout,
      key: state.key + 1,
    })),
  hide: () => set({ status: false }),
}));

/** Shortcuts for code outside React (api-client, mutation callbacks). */
export const showSnackbar = (color: SnackbarColor, text: string, timeout?: number) =>
  useSnackbarStore.getState().show(color, text, timeout);
export const showError = (text: string, timeout?: number) => showSnackbar('error', text, timeout);
export const showSuccess = (text: string, timeout?: number) => showSnackbar('success', text, timeout);

/** The snackbar's state for the component that draws it: hides itself after its timeout. */
export function useSnackbar() {
  const state = useSnackbarStore();
  const { status, key, timeout, hide } = state;
  useEffect(() => {
    if (!status) return;
    const timer = setTimeout(hide, timeout);
    return () => clearTimeout(timer);
  }, [status, key, timeout, hide]);
  return state;
}
