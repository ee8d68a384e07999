import { DownloadIcon } from '../ui/icons/DownloadIcon.ts';
import { FileIcon } from '../ui/icons/FileIcon.ts';
import { OpenInNewIcon } from '../ui/icons/OpenInNewIcon.ts';
import { Button } from '../ui/Button.ts';
import { Box } from '../ui/Box.ts';
import { Typography } from '../ui/Typography.ts';
import { useEffect, useState } from 'react';
import { CONVERSATION_MESSAGES } from '../../../shared/messages.ts';
import { showError } from '../../state/snackbar-store.ts';
import { availabilityError, checkDocument, documentKind, downloadDocument, type Availability, CHAT_TEXTS } from '../../lib/chat/index.ts';
import { Spinner } from '../ui/Spinner.tsx';

interface Props {
  url: string;
  fileName: string;
}

/** A document answer (type doc): pdf opens or downloads, Office files download, images are shown. */
export function DocumentMessage({ url, fileName }: Props) {
  const kind = documentKind(fileName);
  if (kind === 'image') return <DocumentImage url={url} fileName={fileName} />;
  return <DocumentActions url={url} fileName={fileName} canOpen={kind === 'pdf'} />;
}

function DocumentActions({ url, fileName, canOpen }: Props & { canOpen: boolean }) {
  const [busy, setBusy] = useState<'open' | 'download' | null>(null);

  const open = async () => {
    // Opened within the click, or the browser blocks it; navigated once the HEAD check passed.
    const win = window.open('', '_blank');
    setBusy('open');
    const state = await checkDocument(url);
    setBusy(null);
    if (state !== 'ok') {
      win?.close();
      showError(availabilityError(state));
      return;
    }
    if (win) {
      win.opener = null;
      win.location.href = url;
    } else {
      window.location.assign(url);
    }
  };

  const download = async () => {
    setBusy('download');
    try {
      const state = await checkDocument(url);
      if (state !== 'ok') {
        showError(availabilityError(state));
        return;
      }
      await downloadDocument(url, fileName);
    } catch {
      showError(CONVERSATION_MESSAGES.documentLoadFailed);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.25 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0, flex: '1 1 160px' }}>
        <FileIcon size="small" style={{ opacity: 0.8 }} />
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} title={CHAT_TEXTS.documentLabel}>
          {fileName}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 1 }}>
        {canOpen && (
          <Button
            size="small"
            variant="outlined"
            color="inherit"
            disabled={busy !== null}
            startIcon={busy === 'open' ? <Spinner size={14} /> : <OpenInNewIcon />}
            onClick={() => void open()}
          >
            {CHAT_TEXTS.documentOpen}
          </Button>
        )}
        <Button
          size="small"
          variant="outlined"
          color="inherit"
          disabled={busy !== null}
          startIcon={busy === 'download' ? <Spinner size={14} /> : <DownloadIcon />}
          onClick={() => void download()}
        >
          {CHAT_TEXTS.documentDownload}
        </Button>
      </Box>
    </Box>
  );
}

function DocumentImage({ url, fileName }: Props) {
  const [state, setState] = useState<{ url: string; availability: Availability | 'broken' } | null>(null);

  useEffect(() => {
    let active = true;
    void checkDocument(url).then((availability) => active && setState({ url, availability }));
    return () => {
      active = false;
    };
  }, [url]);

  const current = state?.url === url ? state.availability : null;
  if (current === null) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, opacity: 0.8 }}>
        <Spinner size={16} />
        <Typography variant="body2">{CHAT_TEXTS.documentChecking}</Typography>
      </Box>
    );
  }
  if (current !== 'ok') {
    return (
      <Typography variant="body2" role="alert" sx={{ color: 'error.light' }}>
        {current === 'broken' ? CONVERSATION_MESSAGES.documentLoadFailed : availabilityError(current)}
      </Typography>
    );
  }
  return (
    <Box
      component="img"
      src={url}
      alt={fileName}
      loading="lazy"
      onError={() => setState({ url, availability: 'broken' })}
      sx={{ display: 'block', maxWidth: '100%', maxHeight: 360, borderRadius: '10px' }}
    />
  );
}
