import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { COMMON_TEXTS } from '../lib/texts.ts';
import { LightAlert } from './ui/LightAlert.tsx';

interface State {
  failed: boolean;
}

/**
 * Last line of defence: a German message and a reload button instead of a blank page. Static
 * styles only (components/light.css): it must not depend on the code that may have failed.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="centred-page">
        <LightAlert
          severity="error"
          outlined
          title={COMMON_TEXTS.crashTitle}
          style={{ maxWidth: 520 }}
          action={
            <button type="button" className="btn text small" onClick={() => window.location.reload()}>
              {COMMON_TEXTS.reload}
            </button>
          }
        >
          {COMMON_TEXTS.crashText}
        </LightAlert>
      </div>
    );
  }
}
