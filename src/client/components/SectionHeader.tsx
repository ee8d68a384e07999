import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/use-document-title.ts';

interface Props {
  title: string;
  subtitle?: ReactNode;
  /** Buttons on the right (wrap below the title on narrow screens). */
  actions?: ReactNode;
}

/** The heading of an office section; also sets the tab title. Static styles (office.css). */
export function SectionHeader({ title, subtitle, actions }: Props) {
  useDocumentTitle(title);
  return (
    <div className="section-header">
      <div>
        <h1 className="t-h4">{title}</h1>
        {subtitle && <div className="t-body1 t-secondary section-header-subtitle">{subtitle}</div>}
      </div>
      {actions && <div className="section-header-actions">{actions}</div>}
    </div>
  );
}
