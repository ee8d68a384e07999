import { COLORS } from '../../lib/theme-tokens.ts';
import { Button } from '../../components/ui/Button.ts';
import { IconButton } from '../../components/ui/IconButton.ts';
import { ToggleButton, ToggleButtonGroup } from '../../components/ui/ToggleButton.ts';
import { Alert } from '../../components/ui/Alert.ts';
import { CircularProgress } from '../../components/ui/CircularProgress.ts';
import { Skeleton } from '../../components/ui/Skeleton.ts';
import { FormControlLabel } from '../../components/ui/FormControlLabel.ts';
import { Radio, RadioGroup } from '../../components/ui/Radio.ts';
import { Box } from '../../components/ui/Box.ts';
import { Card } from '../../components/ui/Card.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { AddPhotoIcon } from '../../components/ui/icons/AddPhotoIcon.ts';
import { DeleteIcon } from '../../components/ui/icons/DeleteIcon.ts';
import { useId, useState, type ChangeEvent } from 'react';
import {
  CUSTOM_IMAGE_STYLES,
  IMAGE_STYLE_LABELS,
  IMAGE_STYLES,
  IMAGE_SUBSTYLES,
  IMAGE_SUBSTYLE_LABELS,
  LIMITS,
  STYLE_IMAGES_REQUIRED,
  type ImageStyle,
} from '../../../shared/constants.ts';
import { ASSISTANT_MESSAGES } from '../../../shared/messages.ts';
import type { AssistantDetail } from '../../../shared/schemas/assistants.ts';
import type { StyleImageList } from '../../../shared/schemas/images.ts';
import { showError, showSuccess } from '../../state/snackbar-store.ts';
import { useCapabilitiesQuery } from '../../lib/chat/index.ts';
import { useChooseStyle } from './api/choose-style.ts';
import { useCreateStyle } from './api/create-style.ts';
import { useDeleteStyleImage } from './api/delete-style-image.ts';
import { useStyleImages } from './api/get-style-images.ts';
import { useUploadStyleImage } from './api/upload-style-image.ts';
import { StyleTile } from './StyleTile.tsx';
import { IMAGE_TEXTS } from './texts.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { useModelAudience } from '../../lib/model-audience.ts';
import { imageNotConfiguredFor } from '../../../shared/messages.ts';

type Mode = 'choose' | 'custom';

/** The Stilrichtungen tab of an image Mika (docs/product/tasks-and-images.md): a catalogue style or a custom one. */
export function StylesTab({ assistant }: { assistant: AssistantDetail }) {
  const styles = useStyleImages(assistant.uuid);
  const capabilities = useCapabilitiesQuery();
  const audience = useModelAudience();
  const [mode, setMode] = useState<Mode | null>(null);

  if (styles.isPending) {
    return (
      <Card sx={{ p: 3, maxWidth: 880 }} aria-busy aria-label={IMAGE_TEXTS.loading}>
        <Skeleton width={180} height={32} />
        <Skeleton width="70%" />
        <Skeleton variant="rounded" height={140} sx={{ mt: 2 }} />
      </Card>
    );
  }
  if (styles.isError) {
    return <LoadFailed query={styles} text={IMAGE_TEXTS.loadFailed} />;
  }
  const data = styles.data;
  const shown: Mode = mode ?? (data.is_image_style_custom === 1 ? 'custom' : 'choose');
  const canPaint = capabilities.data?.image.available !== false;

  return (
    <Card sx={{ p: { xs: 2.5, sm: 3 }, maxWidth: 880 }} data-testid="styles-tab">
      <Typography variant="h6" component="h2">
        {IMAGE_TEXTS.title}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 0.5, mb: 2.5 }}>{IMAGE_TEXTS.intro}</Typography>
      {!canPaint && (
        <Alert severity="info" sx={{ mb: 2.5 }}>
          {imageNotConfiguredFor(audience)}
        </Alert>
      )}
      <ToggleButtonGroup
        exclusive
        value={shown}
        onChange={(_e, next: Mode | null) => next && setMode(next)}
        aria-label={IMAGE_TEXTS.modeLabel}
        size="small"
        sx={{ mb: 3, flexWrap: 'wrap' }}
      >
        <ToggleButton value="choose" sx={{ px: 2 }}>
          {IMAGE_TEXTS.modeChoose}
        </ToggleButton>
        <ToggleButton value="custom" sx={{ px: 2 }}>
          {IMAGE_TEXTS.modeCustom}
        </ToggleButton>
      </ToggleButtonGroup>
      {shown === 'choose' ? (
        <ChooseMode assistantUuid={assistant.uuid} data={data} />
      ) : (
        <CustomMode assistantUuid={assistant.uuid} data={data} canPaint={canPaint} />
      )}
    </Card>
  );
}

const tileGrid = (min: number) => ({
  display: 'grid',
  gap: 1.5,
  gridTemplateColumns: `repeat(auto-fill, minmax(${min}px, 1fr))`,
});

function ChooseMode({ assistantUuid, data }: { assistantUuid: string; data: StyleImageList }) {
  const choose = useChooseStyle(assistantUuid);
  const headingId = useId();
  const subId = useId();
  const custom = data.is_image_style_custom === 1;
  const main = custom ? null : (data.main_style as ImageStyle | null);
  const subs = main ? IMAGE_SUBSTYLES[main] : [];
  const save = (selectedStyle: ImageStyle, selectedSubStyle: string | null) =>
    choose.mutate({ selectedStyle, selectedSubStyle }, { onSuccess: (r) => showSuccess(r.message) });

  return (
    <>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {IMAGE_TEXTS.centralStyles}
      </Typography>
      <Box role="group" aria-labelledby={headingId} sx={tileGrid(180)}>
        {IMAGE_STYLES.map((style) => (
          <StyleTile
            key={style}
            value={style}
            label={IMAGE_STYLE_LABELS[style]}
            selected={main === style}
            // Choosing a central style resets the substyle (docs/product/tasks-and-images.md).
            onSelect={() => save(style, null)}
          />
        ))}
      </Box>
      {main && (
        <Box sx={{ mt: 3 }}>
          <Typography id={subId} variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
            {IMAGE_TEXTS.substyles}
          </Typography>
          {subs.length === 0 ? (
            <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>{IMAGE_TEXTS.noSubstyles}</Typography>
          ) : (
            <>
              <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
                {IMAGE_TEXTS.substyleHint}
              </Typography>
              <Box role="group" aria-labelledby={subId} sx={tileGrid(120)}>
                <StyleTile
                  value="none"
                  size="small"
                  label={IMAGE_TEXTS.substyleNone}
                  selected={!data.sub_style}
                  onSelect={() => save(main, null)}
                />
                {subs.map((sub) => (
                  <StyleTile
                    key={sub}
                    value={sub}
                    size="small"
                    label={IMAGE_SUBSTYLE_LABELS[sub] ?? sub}
                    selected={data.sub_style === sub}
                    onSelect={() => save(main, sub)}
                  />
                ))}
              </Box>
            </>
          )}
        </Box>
      )}
    </>
  );
}

function CustomMode({
  assistantUuid,
  data,
  canPaint,
}: {
  assistantUuid: string;
  data: StyleImageList;
  canPaint: boolean;
}) {
  const upload = useUploadStyleImage(assistantUuid);
  const remove = useDeleteStyleImage(assistantUuid);
  const create = useCreateStyle(assistantUuid);
  const inputId = useId();
  const initialBase = (CUSTOM_IMAGE_STYLES as readonly string[]).includes(data.main_style ?? '')
    ? (data.main_style as ImageStyle)
    : 'realistic_image';
  const [base, setBase] = useState<ImageStyle>(initialBase);
  const count = data.images.length;
  const full = count >= STYLE_IMAGES_REQUIRED;
  const active = data.is_image_style_custom === 1 && data.custom_style_ready;

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!/\.png$/i.test(file.name)) return showError(IMAGE_TEXTS.pngOnly);
    if (file.size > LIMITS.maxUploadBytes) return showError(ASSISTANT_MESSAGES.fileTooLarge);
    upload.mutate(file, { onSuccess: (r) => showSuccess(r.message) });
  };

  return (
    <>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>{IMAGE_TEXTS.customIntro}</Typography>
      <Typography id={`${inputId}-base`} variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {IMAGE_TEXTS.customBase}
      </Typography>
      <RadioGroup
        row
        aria-labelledby={`${inputId}-base`}
        value={base}
        onChange={(_e, v) => setBase(v as ImageStyle)}
        sx={{ mb: 2 }}
      >
        {CUSTOM_IMAGE_STYLES.map((s) => (
          <FormControlLabel key={s} value={s} control={<Radio />} label={IMAGE_STYLE_LABELS[s]} />
        ))}
      </RadioGroup>

      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2, mb: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          {IMAGE_TEXTS.modeCustom}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="style-image-count">
          {IMAGE_TEXTS.count(count)}
        </Typography>
      </Box>
      <Box component="ul" sx={{ ...tileGrid(120), listStyle: 'none', p: 0, m: 0 }}>
        {data.images.map((image, i) => (
          <Box
            component="li"
            key={image.uuid}
            sx={{
              position: 'relative',
              aspectRatio: '1',
              borderRadius: '14px',
              overflow: 'hidden',
              border: `1px solid ${COLORS.border}`,
              bgcolor: 'background.default',
            }}
          >
            <Box
              component="img"
              src={image.url}
              alt={IMAGE_TEXTS.referenceAlt(i + 1)}
              sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            />
            <IconButton
              size="small"
              aria-label={IMAGE_TEXTS.deleteImage(i + 1)}
              disabled={remove.isPending}
              onClick={() => remove.mutate(image.uuid, { onSuccess: (r) => showSuccess(r.message) })}
              sx={{
                position: 'absolute',
                top: 6,
                right: 6,
                bgcolor: 'rgba(0,0,0,.6)',
                color: '#fff',
                '&:hover': { bgcolor: 'error.main' },
              }}
            >
              <DeleteIcon size="small" />
            </IconButton>
          </Box>
        ))}
        {!full && (
          <Box component="li" sx={{ aspectRatio: '1' }}>
            <Box
              component="label"
              htmlFor={inputId}
              sx={{
                position: 'relative',
                height: '100%',
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                justifyContent: 'center',
                gap: 0.5,
                textAlign: 'center',
                borderRadius: '14px',
                border: `2px dashed ${COLORS.border}`,
                color: 'text.secondary',
                cursor: 'pointer',
                '&:hover': { borderColor: 'primary.main', color: 'text.primary' },
                '&:focus-within': { outline: `2px solid ${COLORS.primaryText}`, outlineOffset: 2 },
              }}
            >
              {upload.isPending ? <CircularProgress size={24} aria-label={IMAGE_TEXTS.uploading} /> : <AddPhotoIcon />}
              <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
                {IMAGE_TEXTS.uploadSlot}
              </Typography>
              <Typography component="span" variant="caption">
                {IMAGE_TEXTS.uploadSlotHint}
              </Typography>
              <input
                id={inputId}
                type="file"
                accept=".png,image/png"
                onChange={onFile}
                disabled={upload.isPending}
                style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
              />
            </Box>
          </Box>
        )}
      </Box>

      <Box sx={{ mt: 2.5, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        {full && (
          <Button
            variant="contained"
            disabled={create.isPending || !canPaint}
            onClick={() => create.mutate(base, { onSuccess: (r) => showSuccess(r.message) })}
            startIcon={
              create.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined
            }
          >
            {create.isPending ? IMAGE_TEXTS.creating : active ? IMAGE_TEXTS.updateStyle : IMAGE_TEXTS.createStyle}
          </Button>
        )}
        <Typography
          variant="body2"
          sx={{ color: active ? 'success.light' : 'text.secondary', flex: '1 1 240px' }}
          role="status"
        >
          {!full
            ? IMAGE_TEXTS.needMore(STYLE_IMAGES_REQUIRED - count)
            : active
              ? IMAGE_TEXTS.customReady
              : data.is_image_style_custom === 1
                ? IMAGE_TEXTS.customOutdated
                : ''}
        </Typography>
      </Box>
    </>
  );
}
