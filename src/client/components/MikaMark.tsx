import { useId } from 'react';

/** The Mika mark: a rounded tile with a gradient and a drawn "M" with a spark. */
export function MikaMark({ size = 36 }: { size?: number }) {
  const gradient = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="40" y2="40" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#F0565B" />
          <stop offset="1" stopColor="#B83280" />
        </linearGradient>
      </defs>
      <rect width="40" height="40" rx="11" fill={`url(#${gradient})`} />
      <path
        d="M11 28V14.5l9 9.5 9-9.5V28"
        fill="none"
        stroke="#fff"
        strokeWidth="3.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M31 6.5l1.1 2.4 2.4 1.1-2.4 1.1L31 13.5l-1.1-2.4-2.4-1.1 2.4-1.1z" fill="#fff" opacity="0.9" />
    </svg>
  );
}
