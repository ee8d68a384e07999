import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { T } from '../lib/texts.ts';

interface State {
  failed: boolean;
}

/** Last line of defence: a German message and a reload button instead of a blank page. */
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
      <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
        <Alert
          severity="error"
          variant="outlined"
          sx={{ maxWidth: 520 }}
          action={
            <Button color="inherit" size="small" onClick={() => window.location.reload()}>
              {T.reload}
            </Button>
          }
        >
          <AlertTitle>{T.crashTitle}</AlertTitle>
          {T.crashText}
        </Alert>
      </Box>
    );
  }
}
