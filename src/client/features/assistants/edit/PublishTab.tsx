import { COLORS } from '../../../lib/theme-tokens.ts';
import { Button } from '../../../components/ui/Button.ts';
import { IconButton } from '../../../components/ui/IconButton.ts';
import { Chip } from '../../../components/ui/Chip.ts';
import { Alert } from '../../../components/ui/Alert.ts';
import { FormControlLabel } from '../../../components/ui/FormControlLabel.ts';
import { Switch } from '../../../components/ui/Switch.ts';
import { Box } from '../../../components/ui/Box.ts';
import { Card } from '../../../components/ui/Card.ts';
import { Typography } from '../../../components/ui/Typography.ts';
import { CheckIcon } from '../../../components/ui/icons/CheckIcon.ts';
import { CodeIcon } from '../../../components/ui/icons/CodeIcon.ts';
import { CopyIcon } from '../../../components/ui/icons/CopyIcon.ts';
import { OpenInNewIcon } from '../../../components/ui/icons/OpenInNewIcon.ts';
import { useCallback, useState, type ComponentType, type ReactNode } from 'react';
import { ASSISTANT_MESSAGES } from '../../../../shared/messages.ts';
import type { AssistantDetail } from '../../../../shared/schemas/assistants.ts';
import { showSuccess } from '../../../state/snackbar-store.ts';
import { useUpdateAssistant } from '../api/update-assistant.ts';
import { AllowedDomainsCard } from '../embed/AllowedDomainsCard.tsx';
import { embedSnippetWithColor } from '../embed/embed-snippet.ts';
import { publicChatUrl } from '../assistant-rules.ts';
import { ASSISTANT_TEXTS } from '../texts.ts';
import { ColorField } from './ColorField.tsx';
import { copyText } from '../../../lib/copy-text.ts';
import { useChosen } from '../../../lib/use-chosen.ts';
import { useCapabilitiesQuery } from '../../../lib/chat/index.ts';
import { COLOR_FIELDS, useColorAutosave } from './use-color-autosave.ts';
import { Hint } from '../../../components/ui/Hint.tsx';

/** Veröffentlichung (chat only): publish switch, colours, link, embed code and a live preview. */
export function PublishTab({ assistant, extra: Extra }: { assistant: AssistantDetail; extra?: ComponentType<{ assistant: AssistantDetail }> | undefined }) {
  const [previewVersion, setPreviewVersion] = useState(0);
  const reloadPreview = useCallback(() => setPreviewVersion((v) => v + 1), []);
  const origin = window.location.origin;
  const link = publicChatUrl(origin, assistant.uuid);

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        alignItems: 'start',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' },
      }}
    >
      <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
        <PublicSwitchCard assistant={assistant} onSaved={reloadPreview} />
        <ColorsCard assistant={assistant} onSaved={reloadPreview} />
        <PanelCard title={ASSISTANT_TEXTS.linkTitle}>
          <CodeBox text={link} />
          <Box sx={{ display: 'flex', gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              color="inherit"
              startIcon={<CopyIcon />}
              onClick={() => void copyText(link, ASSISTANT_TEXTS.linkCopied)}
            >
              {ASSISTANT_TEXTS.copyLink}
            </Button>
            <Button color="inherit" startIcon={<OpenInNewIcon />} href={link} target="_blank" rel="noopener">
              {ASSISTANT_TEXTS.openInTab}
            </Button>
          </Box>
        </PanelCard>
        <PanelCard title={ASSISTANT_TEXTS.embedTitle} text={ASSISTANT_TEXTS.embedText}>
          <CodeBox text={embedSnippetWithColor(origin, assistant.uuid, assistant.button_color)} />
          <Button
            variant="outlined"
            color="inherit"
            startIcon={<CodeIcon />}
            sx={{ mt: 1.5 }}
            onClick={() => void copyText(embedSnippetWithColor(origin, assistant.uuid, assistant.button_color), ASSISTANT_TEXTS.embedCopied)}
          >
            {ASSISTANT_TEXTS.copyEmbed}
          </Button>
        </PanelCard>
        <AllowedDomainsCard assistant={assistant} />
        {Extra && <Extra assistant={assistant} />}
      </Box>
      <PreviewCard uuid={assistant.uuid} version={previewVersion} isPublic={assistant.is_public === 1} />
    </Box>
  );
}

function PanelCard({
  title,
  text,
  action,
  children,
}: {
  title: string;
  text?: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card sx={{ p: { xs: 2.5, sm: 3 }, minWidth: 0 }} component="section" aria-label={title}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 28 }}>
        <Typography variant="subtitle1" component="h2" sx={{ flex: 1 }}>
          {title}
        </Typography>
        {action}
      </Box>
      {text && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {text}
        </Typography>
      )}
      <Box sx={{ mt: 2 }}>{children}</Box>
    </Card>
  );
}

function CodeBox({ text }: { text: string }) {
  return (
    <Box
      component="code"
      sx={{
        display: 'block',
        p: 1.5,
        borderRadius: '10px',
        bgcolor: 'rgba(0, 0, 0, 0.25)',
        border: `1px solid ${COLORS.border}`,
        fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
        fontSize: '0.8125rem',
        color: 'text.primary',
        overflowWrap: 'anywhere',
        userSelect: 'all',
      }}
    >
      {text}
    </Box>
  );
}

function PublicSwitchCard({ assistant, onSaved }: { assistant: AssistantDetail; onSaved: () => void }) {
  const mutation = useUpdateAssistant();
  // The switch follows the click at once (useChosen); once saved, the assistant's detail carries the
  // value, and when refused the stored one shows again.
  const [isPublic, choose] = useChosen(assistant.is_public === 1);
  // Without a model the visitors get the offline engine's quotes: said before publishing, not after.
  const offline = useCapabilitiesQuery().data?.offline === true;
  return (
    <PanelCard
      title={ASSISTANT_TEXTS.publicTitle}
      text={ASSISTANT_TEXTS.publicText}
      action={
        <Chip
          size="small"
          color={isPublic ? 'success' : 'default'}
          variant={isPublic ? 'filled' : 'outlined'}
          label={isPublic ? ASSISTANT_TEXTS.publicOn : ASSISTANT_TEXTS.publicOff}
        />
      }
    >
      <FormControlLabel
        control={
          <Switch
            checked={isPublic}
            disabled={mutation.isPending}
            onChange={(e) =>
              mutation.mutate(
                { uuid: assistant.uuid, is_public: e.target.checked ? 1 : 0 },
                {
                  onSuccess: () => {
                    showSuccess(ASSISTANT_MESSAGES.settingSaved);
                    onSaved();
                  },
                  onSettled: choose(e.target.checked),
                },
              )
            }
          />
        }
        label={ASSISTANT_TEXTS.publicSwitch}
      />
      {offline && (
        <Alert severity="info" variant="outlined" sx={{ mt: 1.5 }} data-testid="publish-offline">
          {ASSISTANT_TEXTS.publicOffline}
        </Alert>
      )}
    </PanelCard>
  );
}

function ColorsCard({ assistant, onSaved }: { assistant: AssistantDetail; onSaved: () => void }) {
  const { colors, change, saving, changed } = useColorAutosave(assistant, onSaved);
  return (
    <PanelCard
      title={ASSISTANT_TEXTS.colorsTitle}
      text={ASSISTANT_TEXTS.colorsText}
      action={
        <Typography
          variant="caption"
          sx={{ color: 'text.secondary', display: 'flex', alignItems: 'center', gap: 0.5 }}
          aria-live="polite"
        >
          {saving ? (
            ASSISTANT_TEXTS.saving
          ) : changed ? (
            <>
              <CheckIcon size={16} style={{ color: COLORS.success }} />
              {ASSISTANT_TEXTS.saved}
            </>
          ) : null}
        </Typography>
      }
    >
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        {COLOR_FIELDS.map((field) => (
          <ColorField
            key={field}
            label={ASSISTANT_TEXTS.colorLabels[field]}
            value={colors[field]}
            onChange={(v) => change(field, v)}
          />
        ))}
      </Box>
    </PanelCard>
  );
}

function PreviewCard({ uuid, version, isPublic }: { uuid: string; version: number; isPublic: boolean }) {
  const src = `/chat/${uuid}`;
  return (
    <Card
      sx={{ p: { xs: 2, sm: 2.5 }, minWidth: 0, position: { lg: 'sticky' }, top: { lg: 88 } }}
      component="section"
      aria-label={ASSISTANT_TEXTS.previewTitle}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
        <Typography variant="subtitle1" component="h2" sx={{ flex: 1 }}>
          {ASSISTANT_TEXTS.previewTitle}
        </Typography>
        <Hint title={ASSISTANT_TEXTS.openInTab}>
          <IconButton size="small" href={src} target="_blank" rel="noopener" aria-label={ASSISTANT_TEXTS.openInTab}>
            <OpenInNewIcon size="small" />
          </IconButton>
        </Hint>
      </Box>
      <Box
        sx={{
          borderRadius: '12px',
          overflow: 'hidden',
          border: `1px solid ${COLORS.border}`,
          bgcolor: COLORS.background,
          height: { xs: 520, lg: 640 },
        }}
      >
        {isPublic ? (
          // A new key re-creates the frame: the page reloads with the saved colours.
          <Box
            component="iframe"
            key={version}
            src={src}
            title={ASSISTANT_TEXTS.previewFrame}
            data-preview-version={version}
            sx={{ display: 'block', width: '100%', height: '100%', border: 0 }}
          />
        ) : (
          // Unpublished: the public page would only answer "not available" — say so here instead.
          <Box data-testid="preview-unpublished" sx={{ height: '100%', display: 'grid', placeItems: 'center', textAlign: 'center', p: 3 }}>
            <Box>
              <Typography variant="subtitle1" component="p" sx={{ mb: 1 }}>
                {ASSISTANT_TEXTS.previewUnpublished}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary', maxWidth: 320 }}>
                {ASSISTANT_TEXTS.previewHintPrivate}
              </Typography>
            </Box>
          </Box>
        )}
      </Box>
    </Card>
  );
}
