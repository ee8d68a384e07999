import { create } from 'zustand';

interface LoaderState {
  status: boolean;
  setStatus: (status: boolean) => void;
}

/** The global loading overlay (docs/product/README.md): one flag, switched off by every failed call. */
export const useLoaderStore = create<LoaderState>()((set) => ({
  status: false,
  setStatus: (status) => set({ status }),
}));

export const setLoader = (status: boolean) => useLoaderStore.getState().setStatus(status);
