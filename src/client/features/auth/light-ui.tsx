import { useEffect, useId, useState, type ReactNode, type Ref } from 'react';
import { MikaMark } from '../../components/MikaMark.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { LEGAL_LINKS } from '../../lib/legal-links.ts';
import { T } from '../../lib/texts.ts';

/*
 * The few controls of the sign-in screens, without MUI (docs/decisions/012): plain elements styled
 * by auth.css in the office's look. Labels are the accessible names; errors describe the fields.
 */

const ICON_PATHS = {
  visibility:
    'M12 6c3.79 0 7.17 2.13 8.82 5.5C19.17 14.87 15.79 17 12 17s-7.17-2.13-8.82-5.5C4.83 8.13 8.21 6 12 6m0-2C7 4 2.73 7.11 1 11.5 2.73 15.89 7 19 12 19s9.27-3.11 11-7.5C21.27 7.11 17 4 12 4m0 5c1.38 0 2.5 1.12 2.5 2.5S13.38 14 12 14s-2.5-1.12-2.5-2.5S10.62 9 12 9m0-2c-2.48 0-4.5 2.02-4.5 4.5S9.52 16 12 16s4.5-2.02 4.5-4.5S14.48 7 12 7',
  visibilityOff:
    'M12 6c3.79 0 7.17 2.13 8.82 5.5-.59 1.22-1.42 2.27-2.41 3.12l1.41 1.41c1.39-1.23 2.49-2.77 3.18-4.53C21.27 7.11 17 4 12 4c-1.27 0-2.49.2-3.64.57l1.65 1.65C10.66 6.09 11.32 6 12 6m-1.07 1.14L13 9.21c.57.25 1.03.71 1.28 1.28l2.07 2.07c.08-.34.14-.7.14-1.07C16.5 9.01 14.48 7 12 7c-.37 0-.72.05-1.07.14M2.01 3.87l2.68 2.68C3.06 7.83 1.77 9.53 1 11.5 2.73 15.89 7 19 12 19c1.52 0 2.98-.29 4.32-.82l3.42 3.42 1.41-1.41L3.42 2.45zm7.5 7.5 2.61 2.61c-.04.01-.08.02-.12.02-1.38 0-2.5-1.12-2.5-2.5 0-.05.01-.08.01-.13m-3.4-3.4 1.75 1.75c-.23.55-.36 1.15-.36 1.78 0 2.48 2.02 4.5 4.5 4.5.63 0 1.23-.13 1.77-.36l.98.98c-.88.24-1.8.38-2.75.38-3.79 0-7.17-2.13-8.82-5.5.7-1.43 1.72-2.61 2.93-3.53',
  arrowBack:
    'M19 11H7.83l4.88-4.88c.39-.39.39-1.03 0-1.42a.996.996 0 0 0-1.41 0l-6.59 6.59c-.39.39-.39 1.02 0 1.41l6.59 6.59c.39.39 1.02.39 1.41 0s.39-1.02 0-1.41L7.83 13H19c.55 0 1-.45 1-1s-.45-1-1-1',
  checkboxChecked:
    'M19 3H5c-1.11 0-2 .9-2 2v14c0 1.1.89 2 2 2h14c1.11 0 2-.9 2-2V5c0-1.1-.89-2-2-2zm-9 14l-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8l-9 9z',
  checkbox: 'M19 5v14H5V5h14m0-2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2z',
  success:
    'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2M9.29 16.29 5.7 12.7a.996.996 0 0 1 0-1.41c.39-.39 1.02-.39 1.41 0L10 14.17l6.88-6.88c.39-.39 1.02-.39 1.41 0s.39 1.02 0 1.41l-7.59 7.59c-.38.39-1.02.39-1.41 0',
  error:
    'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 11c-.55 0-1-.45-1-1V8c0-.55.45-1 1-1s1 .45 1 1v4c0 .55-.45 1-1 1m1 4h-2v-2h2z',
  warning:
    'M4.47 20.5h15.06c1.54 0 2.5-1.67 1.73-3L13.73 4.49c-.77-1.33-2.69-1.33-3.46 0L2.74 17.5c-.77 1.33.19 3 1.73 3M12 13.5c-.55 0-1-.45-1-1v-2c0-.55.45-1 1-1s1 .45 1 1v2c0 .55-.45 1-1 1m1 4h-2v-2h2z',
  info: 'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 15c-.55 0-1-.45-1-1v-4c0-.55.45-1 1-1s1 .45 1 1v4c0 .55-.45 1-1 1m1-8h-2V7h2z',
} as const;

export type IconName = keyof typeof ICON_PATHS;

export function Icon({ name, small }: { name: IconName; small?: boolean }) {
  return (
    <svg className={small ? 'mk-icon mk-icon-small' : 'mk-icon'} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={ICON_PATHS[name]} />
    </svg>
  );
}

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
          className="mk-icon-button"
          aria-label={visible ? T.hidePassword : T.showPassword}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          <Icon name={visible ? 'visibilityOff' : 'visibility'} small />
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
          <Icon name={checked ? 'checkboxChecked' : 'checkbox'} />
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
