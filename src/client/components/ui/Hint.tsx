import { useId, useState, type KeyboardEvent, type ReactElement, type ReactNode } from 'react';

interface HintProps {
  /** The hint text (short). */
  title: ReactNode;
  /** The wrapped control is disabled: the wrapper itself takes keyboard focus so the hint stays reachable. */
  disabled?: boolean;
  /** Accessible name of the wrapper while the control is disabled (defaults to the title when it is text). */
  label?: string;
  /** Where the hint shows (default above). */
  placement?: 'top' | 'right';
  /** The wrapper fills its container (cards, navigation rows). */
  block?: boolean;
  children: ReactElement;
}

const PLACEMENT = {
  top: { bottom: 'calc(100% + 6px)', left: '50%', transform: 'translateX(-50%)' },
  right: { left: 'calc(100% + 8px)', top: '50%', transform: 'translateY(-50%)' },
} as const;

const bubble = {
  position: 'absolute',
  zIndex: 1600,
  width: 'max-content',
  maxWidth: 240,
  padding: '4px 8px',
  borderRadius: 6,
  background: '#32363C',
  color: '#F2F4F7',
  boxShadow: '0 4px 14px rgba(0,0,0,.35)',
  font: '500 0.8125rem/1.4 inherit',
  whiteSpace: 'normal',
  textAlign: 'center',
} as const;

/**
 * A small tooltip for icon buttons (WCAG 1.4.13): shown on hover and keyboard focus, stays while the
 * pointer is on it, Escape hides it. Unlike MUI's Tooltip it needs no positioning engine, so the
 * public chat stays light (docs/decisions/012). A disabled control cannot take focus: the wrapper
 * does, so keyboard users still learn why the action is not available.
 */
export function Hint({ title, disabled = false, label, placement = 'top', block = false, children }: HintProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const show = () => setOpen(true);
  const hide = () => setOpen(false);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      hide();
    }
  };
  const name = label ?? (typeof title === 'string' ? title : undefined);
  return (
    <span
      style={{ position: 'relative', display: block ? 'flex' : 'inline-flex', ...(block ? { width: '100%', height: '100%' } : {}) }}
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={hide}
      onKeyDown={onKeyDown}
      {...(disabled ? { tabIndex: 0, role: 'group', 'aria-label': name, 'aria-describedby': open ? id : undefined, className: 'hint-disabled' } : {})}
    >
      {children}
      {open && title !== '' && (
        <span role="tooltip" id={id} style={{ ...bubble, ...PLACEMENT[placement] }}>
          {title}
        </span>
      )}
    </span>
  );
}
