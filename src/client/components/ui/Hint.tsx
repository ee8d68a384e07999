import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import { createPortal } from 'react-dom';

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

const GAP = 6;
const MARGIN = 8;

const bubble = {
  position: 'fixed',
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
 * Where the bubble goes in the window: beside its control as asked, turned to the other side where
 * the window ends, and never past its edges.
 */
function place(anchor: DOMRect, size: { width: number; height: number }, placement: 'top' | 'right') {
  const clamp = (value: number, max: number) => Math.max(MARGIN, Math.min(value, max - MARGIN));
  if (placement === 'right') {
    const right = anchor.right + GAP + 2;
    const left = right + size.width > window.innerWidth - MARGIN ? anchor.left - GAP - 2 - size.width : right;
    return {
      left: clamp(left, window.innerWidth - size.width),
      top: clamp(anchor.top + anchor.height / 2 - size.height / 2, window.innerHeight - size.height),
    };
  }
  const above = anchor.top - GAP - size.height;
  const top = above < MARGIN ? anchor.bottom + GAP : above;
  return {
    left: clamp(anchor.left + anchor.width / 2 - size.width / 2, window.innerWidth - size.width),
    top,
  };
}

/**
 * A small tooltip for icon buttons (WCAG 1.4.13): shown on hover and keyboard focus, stays while the
 * pointer is on it, Escape hides it. Unlike MUI's Tooltip it needs no positioning engine, so the
 * public chat stays light (docs/decisions/012). A disabled control cannot take focus: the wrapper
 * does, so keyboard users still learn why the action is not available.
 */
export function Hint({
  title,
  disabled = false,
  label,
  placement = 'top',
  block = false,
  children,
}: HintProps) {
  const [open, setOpen] = useState(false);
  const [at, setAt] = useState<{ left: number; top: number } | null>(null);
  const [layer, setLayer] = useState<Element | null>(null);
  const anchor = useRef<HTMLSpanElement>(null);
  const tip = useRef<HTMLSpanElement>(null);
  const id = useId();
  // The bubble lives in the window's layer (fixed, in the body or the open dialog), so a scrolling
  // side navigation or a card does not cut it off; it is placed before it is painted, and goes
  // away when its control scrolls (its place would be stale).
  useLayoutEffect(() => {
    if (!open || !anchor.current || !tip.current) return undefined;
    const { width, height } = tip.current.getBoundingClientRect();
    setAt(place(anchor.current.getBoundingClientRect(), { width, height }, placement));
    const control = anchor.current;
    const close = () => setOpen(false);
    // Only a scroll that moves the control makes its place stale (not a chat scrolling beside it).
    const scrolled = (event: Event) => {
      if (event.target === document || (event.target instanceof Node && event.target.contains(control))) close();
    };
    window.addEventListener('scroll', scrolled, true);
    window.addEventListener('resize', close);
    return () => {
      window.removeEventListener('scroll', scrolled, true);
      window.removeEventListener('resize', close);
      setAt(null);
    };
  }, [open, placement]);
  const show = (event: SyntheticEvent<HTMLElement>) => {
    setLayer(event.currentTarget.closest('dialog') ?? document.body);
    setOpen(true);
  };
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
      ref={anchor}
      style={{
        position: 'relative',
        display: block ? 'flex' : 'inline-flex',
        ...(block ? { width: '100%', height: '100%' } : {}),
      }}
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={hide}
      onKeyDown={onKeyDown}
      {...(disabled
        ? {
            tabIndex: 0,
            role: 'group',
            'aria-label': name,
            'aria-describedby': open ? id : undefined,
            className: 'hint-disabled',
          }
        : {})}
    >
      {children}
      {open &&
        layer &&
        title !== '' &&
        createPortal(
          <span
            role="tooltip"
            id={id}
            ref={tip}
            style={{
              ...bubble,
              left: at?.left ?? 0,
              top: at?.top ?? 0,
              visibility: at ? 'visible' : 'hidden',
            }}
          >
            {title}
          </span>,
          layer,
        )}
    </span>
  );
}
