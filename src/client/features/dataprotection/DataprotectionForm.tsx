import { Button } from '../../components/ui/Button.ts';
import { Alert, AlertTitle } from '../../components/ui/Alert.ts';
import { Chip } from '../../components/ui/Chip.ts';
import { TextField } from '../../components/ui/TextField.ts';
import { Box } from '../../components/ui/Box.ts';
import { Card } from '../../components/ui/Card.ts';
import { Divider } from '../../components/ui/Divider.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { FILTER_MIN_LEVEL2, filterEntries } from '../../../shared/schemas/users.ts';
import { showSuccess } from '../../state/snackbar-store.ts';
import { ProtectionLevelSlider } from './ProtectionLevelSlider.tsx';
import { DATA_PROTECTION_TEXTS } from './texts.ts';
import { useSaveMainFilterMutation, type FilterSettings } from './filter-api.ts';
import { filterError, filterToSave } from './filter-validation.ts';
import { countLabel } from '../../components/CountedHelper.tsx';

function Heading({ children, aside }: { children: string; aside?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2.5 }}>
      <Typography variant="overline" component="h2" sx={{ color: 'text.secondary' }}>
        {children}
      </Typography>
      {aside}
    </Box>
  );
}

/** Level slider, per-level explanation, the filter from Mittel upward, and Speichern. */
export function DataprotectionForm({ saved }: { saved: FilterSettings }) {
  const navigate = useNavigate();
  const mutation = useSaveMainFilterMutation();
  const [level, setLevel] = useState(saved.protection_level);
  const [filter, setFilter] = useState(saved.filter);
  const error = filterError(filter, level);
  const length = filter.trim().length;

  const save = async () => {
    if (error) return;
    try {
      // Awaited rather than a per-call callback: the saved data remounts this form (see the key).
      const result = await mutation.mutateAsync({
        protectionLevel: level,
        filterString: filterToSave(filter, saved.filter, level),
      });
      showSuccess(result.message);
      void navigate('/Dataprotection');
    } catch {
      // The api client has shown the server's message.
    }
  };

  const counter =
    level === 2 ? countLabel(length, { min: FILTER_MIN_LEVEL2 }) : DATA_PROTECTION_TEXTS.entries(filterEntries(filter).length);

  return (
    <Card
      component="form"
      noValidate
      aria-label={DATA_PROTECTION_TEXTS.title}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Box sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Heading>{DATA_PROTECTION_TEXTS.levelHeading}</Heading>
        <ProtectionLevelSlider level={level} onChange={setLevel} disabled={mutation.isPending} />
      </Box>

      {level >= 1 && (
        <>
          <Divider />
          <Box sx={{ p: { xs: 2.5, sm: 4 } }}>
            <Heading
              aside={
                <Chip
                  size="small"
                  label={level === 2 ? DATA_PROTECTION_TEXTS.filterRequired : DATA_PROTECTION_TEXTS.filterOptional}
                  color={level === 2 ? 'primary' : 'default'}
                  variant="outlined"
                  sx={{ fontWeight: 600 }}
                />
              }
            >
              {DATA_PROTECTION_TEXTS.filterHeading}
            </Heading>
            <TextField
              label={DATA_PROTECTION_TEXTS.filterLabel}
              placeholder={DATA_PROTECTION_TEXTS.filterPlaceholder}
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
              multiline
              minRows={13}
              fullWidth
              required={level === 2}
              disabled={mutation.isPending}
              error={error !== null}
              helperText={
                <Box component="span" sx={{ display: 'flex', gap: 2, justifyContent: 'space-between' }}>
                  <span>{error ?? ''}</span>
                  <Box component="span" data-testid="filter-counter" sx={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}>
                    {counter}
                  </Box>
                </Box>
              }
              htmlInput={{ spellCheck: false }}
            />
            <Alert severity="info" variant="outlined" sx={{ mt: 2.5, alignItems: 'flex-start' }}>
              <AlertTitle sx={{ fontWeight: 700 }}>{DATA_PROTECTION_TEXTS.infoTitle}</AlertTitle>
              {DATA_PROTECTION_TEXTS.infoText}
            </Alert>
          </Box>
        </>
      )}

      <Divider />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: { xs: 2.5, sm: 3 } }}>
        <Button
          type="submit"
          variant="contained"
          disabled={error !== null || mutation.isPending}
          loading={mutation.isPending}
          sx={{ minWidth: 140 }}
        >
          {DATA_PROTECTION_TEXTS.save}
        </Button>
      </Box>
    </Card>
  );
}
