import { COLORS } from '../../../lib/theme-tokens.ts';
import { Alert } from '../../../components/ui/Alert.ts';
import { Skeleton } from '../../../components/ui/Skeleton.ts';
import { FormControlLabel } from '../../../components/ui/FormControlLabel.ts';
import { Switch } from '../../../components/ui/Switch.ts';
import { TextField } from '../../../components/ui/TextField.ts';
import { Box } from '../../../components/ui/Box.ts';
import { Card } from '../../../components/ui/Card.ts';
import { Typography } from '../../../components/ui/Typography.ts';
import { ShieldIcon } from '../../../components/ui/icons/ShieldIcon.ts';
import { useEffect, useImperativeHandle, useState, type Ref } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { showError } from '../../../state/snackbar-store.ts';
import { useAssistantFilter, type AssistantFilter } from '../api/get-filter.ts';
import { useSaveAssistantFilter } from '../api/save-filter.ts';
import { defaultFilterOn, filterSwitchState, validateFilter } from '../assistant-rules.ts';
import { CountedHelper } from '../../../components/CountedHelper.tsx';
import { ASSISTANT_TEXTS } from '../texts.ts';

/** What the Eigenschaften form needs to save the filter with its one "Speichern" (issue 11). */
export interface FilterHandle {
  /** Checks the list; shows the problem at the field. */
  validate: () => boolean;
  /** Saves switch and list; false when the server refused (the field says why). */
  save: () => Promise<boolean>;
}

interface FilterCardProps {
  assistantUuid: string;
  handle: Ref<FilterHandle>;
  onDirtyChange: (dirty: boolean) => void;
}

/**
 * The per-assistant data-protection filter (docs/product/library-and-wizard.md): switch and list, by the team's level.
 * No save button of its own: the Eigenschaften form saves it with everything else.
 */
export function FilterCard({ assistantUuid, handle, onDirtyChange }: FilterCardProps) {
  const query = useAssistantFilter(assistantUuid);
  return (
    <Card
      sx={{ p: { xs: 2.5, sm: 3 } }}
      component="section"
      aria-labelledby="filter-title"
      data-testid="filter-card"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
        <ShieldIcon size="small" style={{ color: COLORS.green }} />
        <Typography id="filter-title" variant="subtitle1" component="h2" sx={{ flex: 1 }}>
          {ASSISTANT_TEXTS.filterTitle}
        </Typography>
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1, mb: 2 }}>
        {ASSISTANT_TEXTS.filterText}
      </Typography>
      {query.isPending && (
        <>
          <Skeleton width={220} height={38} />
          <Skeleton variant="rounded" height={96} sx={{ mt: 1 }} />
        </>
      )}
      {query.isError && <Alert severity="error">{ASSISTANT_TEXTS.filterLoadError}</Alert>}
      {query.data && (
        <FilterForm
          key={query.dataUpdatedAt}
          assistantUuid={assistantUuid}
          data={query.data}
          handle={handle}
          onDirtyChange={onDirtyChange}
        />
      )}
    </Card>
  );
}

function FilterForm({ assistantUuid, data, handle, onDirtyChange }: FilterCardProps & { data: AssistantFilter }) {
  const level = data.protection_level;
  const rules = filterSwitchState(level);
  const [on, setOn] = useState(rules.editable ? (data.active ?? defaultFilterOn(level)) : true);
  const [filter, setFilter] = useState(data.filter);
  const [error, setError] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const mutation = useSaveAssistantFilter();

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  useImperativeHandle(handle, () => ({
    validate: () => {
      const problem = validateFilter(filter, level);
      setError(problem);
      return problem === null;
    },
    save: async () => {
      try {
        await mutation.mutateAsync({ assistantUuid, filterString: filter.trim(), on });
        setDirty(false);
        return true;
      } catch (err) {
        const message = err instanceof ApiError ? (err.fields.filterString?.[0] ?? err.userMessage) : null;
        if (message) {
          setError(message);
          showError(message);
        }
        return false;
      }
    },
  }));

  return (
    <>
      <FormControlLabel
        control={
          <Switch
            checked={on}
            disabled={!rules.editable}
            onChange={(e) => {
              setOn(e.target.checked);
              setDirty(true);
            }}
          />
        }
        label={ASSISTANT_TEXTS.filterSwitch}
        sx={{ mb: 0.5 }}
      />
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mb: 2 }}>
        {ASSISTANT_TEXTS.filterLevelHint[Math.min(Math.max(level, 0), 2)]}
      </Typography>
      <TextField
        label={ASSISTANT_TEXTS.filterLabel}
        value={filter}
        onChange={(e) => {
          setFilter(e.target.value);
          setDirty(true);
          if (error) setError(validateFilter(e.target.value, level));
        }}
        error={Boolean(error)}
        helperText={
          rules.minLength !== null ? (
            <CountedHelper
              text={error ?? ASSISTANT_TEXTS.filterHelper}
              length={filter.trim().length}
              min={rules.minLength}
            />
          ) : (
            (error ?? ASSISTANT_TEXTS.filterHelper)
          )
        }
        multiline
        minRows={3}
        maxRows={10}
        fullWidth
        disabled={!on}
        htmlInput={{ maxLength: 20000 }}
      />
    </>
  );
}
