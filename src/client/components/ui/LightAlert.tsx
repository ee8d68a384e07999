import type { ReactNode } from 'react';
import '../light.css';
import { AlertErrorIcon } from './icons/AlertErrorIcon.ts';
import { AlertWarningIcon } from './icons/AlertWarningIcon.ts';

interface Props {
  severity: 'error' | 'warning';
  outlined?: boolean;
  title?: string;
  /** A button on the right, e.g. "Erneut versuchen". */
  action?: ReactNode;
  className?: string;
  style?: React.CSSProperties;
  'data-testid'?: string;
  children: ReactNode;
}

/**
 * MUI's Alert (standard or outlined) in static CSS (components/light.css) for the screens that load
 * without MUI: the office shell, the library, the crash page (docs/decisions/026).
 */
export function LightAlert({ severity, outlined = false, title, action, className, style, children, ...rest }: Props) {
  const Icon = severity === 'error' ? AlertErrorIcon : AlertWarningIcon;
  return (
    <div role="alert" className={`alert ${severity}${outlined ? ' outlined' : ''}${className ? ` ${className}` : ''}`} style={style} {...rest}>
      <Icon size={22} />
      <div className="alert-message">
        {title && <div className="alert-title">{title}</div>}
        {children}
      </div>
      {action && <div className="alert-action">{action}</div>}
    </div>
  );
}
