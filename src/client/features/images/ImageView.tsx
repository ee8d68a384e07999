import { Button } from '../../components/ui/Button.ts';
import { IconButton } from '../../components/ui/IconButton.ts';
import { Alert, AlertTitle } from '../../components/ui/Alert.ts';
import { CircularProgress } from '../../components/ui/CircularProgress.ts';
import { LinearProgress } from '../../components/ui/LinearProgress.ts';
import { TextField } from '../../components/ui/TextField.ts';
import { Box } from '../../components/ui/Box.ts';
import { Card } from '../../components/ui/Card.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { ArrowBackIcon } from '../../components/ui/icons/ArrowBackIcon.ts';
import { BrushIcon } from '../../components/ui/icons/BrushIcon.ts';
import { DownloadIcon } from '../../components/ui/icons/DownloadIcon.ts';
import { OpenInNewIcon } from '../../components/ui/icons/OpenInNewIcon.ts';
import { useState, type FormEvent } from 'react';
import { IMAGE_DESCRIPTION_MAX } from '../../../shared/constants.ts';
import type { AssistantSummary } from '../../../shared/schemas/assistants.ts';
import type { GeneratedImage } from '../../../shared/schemas/images.ts';
import { Hint } from '../../components/ui/Hint.tsx';
import { useAssistantView } from '../../lib/assistant-view.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { AssistantAvatar } from '../../components/AssistantAvatar.tsx';
import { useCapabilitiesQuery } from '../../lib/chat/index.ts';
import { useCreateImage } from './api/create-image.ts';
import { isPainting, useImages } from './api/get-images.ts';
import { useOptimizePrompt } from './api/optimize-prompt.ts';
import { AnimatedPrompt } from './AnimatedPrompt.tsx';
import { IMAGE_TEXTS } from './texts.ts';
import { useImageProgress } from './use-image-progress.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { withNameBreaks } from '../../lib/name-breaks.ts';
import { useModelAudience } from '../../lib/model-audience.ts';
import { imageNotConfiguredFor } from '../../../shared/messages.ts';

/**
 * The image view (docs/product/tasks-and-images.md): a description, the optimized prompt typed out while the picture is
 * painted, then the picture with download and open-in-browser. Painting runs on the server: a
 * picture finished while the page was closed is shown on reload.
 */
export function ImageView({ assistant }: { assistant: AssistantSummary }) {
  const { open } = useAssistantView();
  useDocumentTitle(assistant.name);
  const capabilities = useCapabilitiesQuery();
  const audience = useModelAudience();
  const images = useImages(assistant.uuid);
  useImageProgress(assistant.uuid);
  const optimize = useOptimizePrompt(assistant.uuid);
  const create = useCreateImage(assistant.uuid);
  const [description, setDescription] = useState('');
  // The picture started in this visit (its prompt is animated); otherwise the latest one.
  const [started, setStarted] = useState<string | null>(null);

  const unavailable = capabilities.data?.image.available === false;
  const list = images.data?.images ?? [];
  const current = (started ? list.find((i) => i.uuid === started) : undefined) ?? list[0];
  const busy =
    optimize.isPending || create.isPending || (current !== undefined && isPainting(current.status));
  const empty = description.trim() === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (empty || busy || unavailable) return;
    optimize.mutate(description.trim(), {
      onSuccess: (prompted) => {
        setStarted(prompted.image_uuid);
        create.mutate(prompted.image_uuid);
      },
    });
  };

  const sendDisabled = empty || busy || unavailable;
  const earlier = list.filter((i) => i.uuid !== current?.uuid && i.status === 'ready' && i.url);

  return (
    <Box sx={{ maxWidth: 960 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 1.25, sm: 2 }, mb: 3 }}>
        <Hint title={IMAGE_TEXTS.back}>
          <IconButton onClick={() => open('list')} aria-label={IMAGE_TEXTS.back} sx={{ ml: -1 }}>
            <ArrowBackIcon />
          </IconButton>
        </Hint>
        <AssistantAvatar assistant={assistant} size={52} radius="16px" />
        <Typography
          variant="h4"
          component="h1"
          noWrap
          title={assistant.name}
          sx={{ fontSize: { xs: '1.375rem', sm: '1.75rem' }, minWidth: 0 }}
        >
          {withNameBreaks(assistant.name)}
        </Typography>
      </Box>

      {unavailable && (
        <Alert severity="info" sx={{ mb: 3 }} data-testid="image-unavailable">
          <AlertTitle>{IMAGE_TEXTS.unavailableTitle}</AlertTitle>
          {imageNotConfiguredFor(audience)}
        </Alert>
      )}

      <Card component="form" onSubmit={submit} sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
        <TextField
          label={IMAGE_TEXTS.descriptionLabel}
          placeholder={IMAGE_TEXTS.descriptionPlaceholder}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit(e);
          }}
          multiline
          minRows={3}
          maxRows={8}
          fullWidth
          disabled={unavailable}
          htmlInput={{ maxLength: IMAGE_DESCRIPTION_MAX }}
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
          <Button
            type="submit"
            variant="contained"
            disabled={sendDisabled}
            startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : <BrushIcon />}
          >
            {busy ? IMAGE_TEXTS.sending : IMAGE_TEXTS.send}
          </Button>
        </Box>
      </Card>

      {optimize.isPending && (
        <Card sx={{ p: { xs: 2, sm: 3 }, mb: 3 }} role="status">
          <Typography sx={{ mb: 1.5 }}>{IMAGE_TEXTS.optimizing}</Typography>
          <LinearProgress aria-label={IMAGE_TEXTS.optimizing} />
        </Card>
      )}

      {images.isError && (
        <LoadFailed query={images} text={IMAGE_TEXTS.picturesLoadFailed} style={{ marginBottom: 24 }} />
      )}
      {!optimize.isPending && current && (
        <CurrentPicture image={current} animate={current.uuid === started} />
      )}
      {!optimize.isPending && !current && images.isSuccess && !unavailable && (
        <Typography sx={{ color: 'text.secondary' }}>{IMAGE_TEXTS.empty}</Typography>
      )}

      {earlier.length > 0 && (
        <Box component="section" aria-labelledby="earlier-heading" sx={{ mt: 4 }}>
          <Typography id="earlier-heading" variant="h6" component="h2" sx={{ mb: 1.5 }}>
            {IMAGE_TEXTS.earlier}
          </Typography>
          <Box
            component="ul"
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
            }}
          >
            {earlier.map((image) => (
              <Box component="li" key={image.uuid}>
                <Box
                  component="a"
                  href={image.url!}
                  target="_blank"
                  rel="noopener"
                  title={image.description}
                  sx={{
                    display: 'block',
                    borderRadius: '12px',
                    overflow: 'hidden',
                    aspectRatio: '1',
                    '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.light' },
                  }}
                >
                  <Box
                    component="img"
                    src={image.url!}
                    alt={IMAGE_TEXTS.imageAlt(image.description)}
                    loading="lazy"
                    sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
                  />
                </Box>
              </Box>
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}

function CurrentPicture({ image, animate }: { image: GeneratedImage; animate: boolean }) {
  const painting = isPainting(image.status) || image.status === 'prompted';
  return (
    <Card sx={{ p: { xs: 2, sm: 3 } }} data-testid="image-result" aria-busy={painting}>
      <Typography variant="overline" component="h2" sx={{ color: 'text.secondary', letterSpacing: 1 }}>
        {IMAGE_TEXTS.promptHeading}
      </Typography>
      <AnimatedPrompt key={image.uuid} text={image.prompt} animate={animate && painting} />
      {painting && (
        <Box sx={{ mt: 2.5 }}>
          <Typography variant="body2" role="status" sx={{ mb: 1, color: 'text.secondary' }}>
            {IMAGE_TEXTS.status[image.status]}
          </Typography>
          <LinearProgress aria-label={IMAGE_TEXTS.status[image.status]} />
        </Box>
      )}
      {image.status === 'error' && (
        <Alert severity="error" sx={{ mt: 2.5 }} role="alert">
          {image.error ?? IMAGE_TEXTS.failed}
        </Alert>
      )}
      {image.status === 'ready' && image.url && (
        <Box sx={{ mt: 2.5 }}>
          <Typography variant="overline" component="h2" sx={{ color: 'text.secondary', letterSpacing: 1 }}>
            {IMAGE_TEXTS.resultHeading}
          </Typography>
          <Box
            component="img"
            src={image.url}
            alt={IMAGE_TEXTS.imageAlt(image.description)}
            data-testid="generated-image"
            sx={{
              display: 'block',
              width: '100%',
              maxWidth: 640,
              aspectRatio: '1',
              objectFit: 'contain',
              borderRadius: '14px',
              bgcolor: 'background.default',
              mt: 1,
            }}
          />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mt: 2 }}>
            <Button
              component="a"
              href={`${image.url}?download=1`}
              download
              variant="contained"
              startIcon={<DownloadIcon />}
            >
              {IMAGE_TEXTS.download}
            </Button>
            <Button
              component="a"
              href={image.url}
              target="_blank"
              rel="noopener"
              variant="outlined"
              startIcon={<OpenInNewIcon />}
            >
              {IMAGE_TEXTS.openInBrowser}
            </Button>
          </Box>
        </Box>
      )}
    </Card>
  );
}
