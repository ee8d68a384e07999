import { CheckCircleIcon } from '../../components/ui/icons/CheckCircleIcon.ts';
import { StatusErrorIcon } from '../../components/ui/icons/StatusErrorIcon.ts';
import { StatusInfoIcon } from '../../components/ui/icons/StatusInfoIcon.ts';
import { StatusWarningIcon } from '../../components/ui/icons/StatusWarningIcon.ts';
import type { IconComponent } from '../../components/ui/icons/icon.tsx';
import { useEffect, useId, useState, type ReactNode, type Ref } from 'react';
import { CheckboxCheckedIcon } from '../../components/ui/icons/CheckboxCheckedIcon.ts';
import { CheckboxIcon } from '../../components/ui/icons/CheckboxIcon.ts';
import { VisibilityIcon } from '../../components/ui/icons/VisibilityIcon.ts';
import { VisibilityOffIcon } from '../../components/ui/icons/VisibilityOffIcon.ts';
import { MikaMark } from '../../components/MikaMark.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { LEGAL_LINKS } from '../../lib/legal-links.ts';
import { COMMON_TEXTS } from '../../lib/texts.ts';

/*
 * The few controls of the sign-in screens, without MUI (docs/decisions/012): plain elements styled
 * by auth.css in the office's look. Labels are the accessible names; errors describe the fields.
 */



interface LayoutProps {
  title: string;
  subtitle?: ReactNode;
  /** Shown above the title, e.g. a status icon. */
  icon?: ReactNode;
  /** Below the form, inside the card (links to the other screens). */
  footer?: ReactNode;
  documentTitle?: string;
  children?: ReactNode;
}

/** The centred card of the sign-in screens: logo, title, form, links and the legal links. */
export function AuthLayout({ title, subtitle, icon, footer, documentTitle, children }: LayoutProps) {
  const tabTitle = documentTitle ?? title;
  useEffect(() => {
    document.title = `${tabTitle} · Mika`;
  }, [tabTitle]);
  const centred = icon ? ' mk-centered' : '';
  return (
    <main className="mk-page">
      <div className="mk-column">
        <div className="mk-logo">
          <span role="img" aria-label="Mika">
            <MikaMark size={40} />
            <span className="mk-wordmark" aria-hidden="true">
              Mika
            </span>
          </span>
        </div>
        <div className="mk-card">
          {icon && <div className="mk-card-icon">{icon}</div>}
          <h1 className={`mk-title${subtitle ? ' with-subtitle' : ''}${centred}`}>{title}</h1>
          {subtitle && <div className={`mk-subtitle${centred}`}>{subtitle}</div>}
          {children}
          {footer && <div className="mk-card-footer">{footer}</div>}
        </div>
      </div>
      <footer className="mk-legal">
        <nav aria-label="Rechtliches">
          <ul>
            {LEGAL_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href} target="_blank" rel="noopener">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </footer>
    </main>
  );
}

export interface FieldProps {
  name: string;
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  endAdornment?: ReactNode;
}

/** An outlined text field with a floating label; its error shows below and describes the input. */
export function TextField({ name, label, value, error, onChange, inputRef, type = 'text', autoComplete, autoFocus, endAdornment }: FieldProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  const classes = ['mk-field', value ? 'filled' : '', error ? 'error' : ''].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      <label className="mk-label" htmlFor={id}>
        {label}
      </label>
      <div className={endAdornment ? 'mk-control adorned' : 'mk-control'}>
        <input
          ref={inputRef}
          id={id}
          className="mk-input"
          name={name}
          type={type}
          value={value}
          autoComplete={autoComplete}
          autoFocus={autoFocus}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? helperId : undefined}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
        {endAdornment && <div className="mk-adornment">{endAdornment}</div>}
        <fieldset className="mk-outline" aria-hidden="true">
          <legend>
            <span>{label}</span>
          </legend>
        </fieldset>
      </div>
      {error && (
        <p id={helperId} className="mk-helper">
          {error}
        </p>
      )}
    </div>
  );
}

/** A password field with a show/hide toggle (a real button: reachable by keyboard). */
export function PasswordField(props: Omit<FieldProps, 'type' | 'endAdornment'>) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <button
          type="button"
          className="icon-btn small"
          aria-label={visible ? COMMON_TEXTS.hidePassword : COMMON_TEXTS.showPassword}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <VisibilityOffIcon size="small" /> : <VisibilityIcon size="small" />}
        </button>
      }
    />
  );
}

interface CheckboxProps {
  name: string;
  checked: boolean;
  label: ReactNode;
  error?: string;
  onChange: (checked: boolean) => void;
  inputRef?: Ref<HTMLInputElement>;
}

export function CheckboxField({ name, checked, label, error, onChange, inputRef }: CheckboxProps) {
  const helperId = `${useId()}-helper`;
  return (
    <div className="mk-check">
      <label>
        <span className="mk-checkbox">
          <input
            ref={inputRef}
            type="checkbox"
            name={name}
            checked={checked}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? helperId : undefined}
            onChange={(event) => onChange(event.currentTarget.checked)}
          />
          {checked ? <CheckboxCheckedIcon /> : <CheckboxIcon />}
        </span>
        <span className="mk-check-text">{label}</span>
      </label>
      {error && (
        <p id={helperId} className="mk-helper">
          {error}
        </p>
      )}
    </div>
  );
}

/** The form's submit button; while busy it shows a spinner and keeps its name. */
export function SubmitButton({ busy, children }: { busy: boolean; children: string }) {
  return (
    <button type="submit" className={busy ? 'mk-button contained loading' : 'mk-button contained'} disabled={busy}>
      {children}
      {busy && <Spinner size={20} />}
    </button>
  );
}

export type StatusTone = 'success' | 'error' | 'warning' | 'info';

const STATUS_ICONS: Record<StatusTone, IconComponent> = {
  success: CheckCircleIcon,
  error: StatusErrorIcon,
  warning: StatusWarningIcon,
  info: StatusInfoIcon,
};

/** The round status icon above a sign-in card's title (feedback page, refused link). */
export function StatusBadge({ tone }: { tone: StatusTone }) {
  const Icon = STATUS_ICONS[tone];
  return (
    <div className={`mk-status ${tone}`} data-testid="feedback-icon" data-status={tone}>
      <Icon size={40} />
    </div>
  );
}
