import { icon } from './icon.tsx';

export const StopIcon = /*#__PURE__*/ icon(
  'M8 6h8c1.1 0 2 .9 2 2v8c0 1.1-.9 2-2 2H8c-1.1 0-2-.9-2-2V8c0-1.1.9-2 2-2',
);
