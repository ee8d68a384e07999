import { COLORS } from '../../../lib/theme-tokens.ts';
import { Button } from '../../../components/ui/Button.ts';
import { Box } from '../../../components/ui/Box.ts';
import { Card } from '../../../components/ui/Card.ts';
import { Typography } from '../../../components/ui/Typography.ts';
import { PictureIcon } from '../../../components/ui/icons/PictureIcon.ts';
import { UploadIcon } from '../../../components/ui/icons/UploadIcon.ts';
import { useEffect, useRef, useState } from 'react';
import { ASSISTANT_MESSAGES } from '../../../../shared/messages.ts';
import type { AssistantDetail } from '../../../../shared/schemas/assistants.ts';
import { showError, showSuccess } from '../../../state/snackbar-store.ts';
import { useUploadLogo } from '../api/upload-logo.ts';
import { LOGO_ACCEPT, validateLogoFile } from '../assistant-rules.ts';
import { ASSISTANT_TEXTS } from '../texts.ts';

/** The logo upload (jpg/jpeg/png ≤ 10 MB) with a preview; uploads as soon as a file is chosen. */
export function LogoCard({ assistant }: { assistant: AssistantDetail }) {
  const input = useRef<HTMLInputElement>(null);
  const mutation = useUploadLogo();
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const choose = (file: File | undefined) => {
    const problem = validateLogoFile(file);
    if (problem || !file) {
      showError(problem ?? ASSISTANT_MESSAGES.fileRequired);
      return;
    }
    setPreview(URL.createObjectURL(file));
    mutation.mutate(
      { assistantUuid: assistant.uuid, file },
      {
        onSuccess: () => showSuccess(ASSISTANT_MESSAGES.fileUploaded),
        onSettled: () => setPreview(null),
      },
    );
  };

  const src = preview ?? assistant.logo;

  return (
    <Card sx={{ p: { xs: 2.5, sm: 3 } }}>
      <Typography variant="subtitle1" component="h2">
        {ASSISTANT_TEXTS.logoTitle}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, mb: 2 }}>
        {ASSISTANT_TEXTS.logoText}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Box
          sx={{
            width: 88,
            height: 88,
            borderRadius: '16px',
            border: `1px dashed ${COLORS.border}`,
            bgcolor: COLORS.surfaceRaised,
            display: 'grid',
            placeItems: 'center',
            overflow: 'hidden',
            flexShrink: 0,
            opacity: mutation.isPending ? 0.6 : 1,
          }}
        >
          {src ? (
            <Box
              component="img"
              src={src}
              alt={ASSISTANT_TEXTS.logoAlt(assistant.name)}
              data-testid="logo-preview"
              sx={{ width: '100%', height: '100%', objectFit: 'contain' }}
            />
          ) : (
            <PictureIcon size={32} style={{ color: COLORS.textDisabled }} label={ASSISTANT_TEXTS.logoEmpty} />
          )}
        </Box>
        <Button
          variant="outlined"
          color="inherit"
          startIcon={<UploadIcon />}
          onClick={() => input.current?.click()}
          loading={mutation.isPending}
          loadingPosition="start"
        >
          {mutation.isPending ? ASSISTANT_TEXTS.logoUploading : src ? ASSISTANT_TEXTS.logoReplace : ASSISTANT_TEXTS.logoUpload}
        </Button>
        <input
          ref={input}
          type="file"
          accept={LOGO_ACCEPT}
          hidden
          aria-label={ASSISTANT_TEXTS.logoUpload}
          onChange={(e) => {
            choose(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </Box>
    </Card>
  );
}
