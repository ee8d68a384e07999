// The one icon system of the app: Material icons (Apache-2.0, from @mui/icons-material) as plain
// SVG paths, drawn without MUI's SvgIcon and its run-time styles, so the office's first screen, the
// sign-in pages and the public chat use the same icons as the screens built with MUI (docs/decisions/026,
// 033). Generated from the package's files; circles are written as two arcs. One module per icon
// (icons/<Name>.ts, imported directly, no index): each bundle holds only the icons its screens draw.
//
// Sizing follows MUI's SvgIcon: a 1em square, 24 px by default ('small' 20, 'large' 35, 'inherit' the
// text's size, or px). The default sizes sit in :where() rules (components/light.css), so a container that
// sizes its icon — a button's start icon (20 px), a chip's icon — wins as it does over SvgIcon.
import type { CSSProperties } from 'react';

export interface IconProps {
  /** 'small' = 20 px, 'medium' = 24 px (default), 'large' = 35 px, 'inherit' = the text's size, or px. */
  size?: 'small' | 'medium' | 'large' | 'inherit' | number;
  className?: string;
  style?: CSSProperties;
  /** The icon's accessible name when it stands for something on its own; otherwise it is hidden from assistive technology. */
  label?: string;
}
export type IconComponent = (props: IconProps) => React.JSX.Element;

/** An icon component drawing one path (marked pure where it is called: unused icons are dropped). */
export function icon(d: string): IconComponent {
  return function SvgPathIcon({ size = 'medium', className, style, label }: IconProps) {
    const sizeClass = typeof size === 'string' && size !== 'medium' ? ` ${size}` : '';
    return (
      <svg
        className={`icon${sizeClass}${className ? ` ${className}` : ''}`}
        style={typeof size === 'number' ? { fontSize: size, ...style } : style}
        viewBox="0 0 24 24"
        focusable="false"
        {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      >
        <path d={d} />
      </svg>
    );
  };
}
