import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ShieldIcon from '@mui/icons-material/ShieldOutlined';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { showError, showSuccess } from '../../../state/snackbar-store.ts';
import { useAssistantFilter, type AssistantFilter } from '../api/get-filter.ts';
import { useSaveAssistantFilter } from '../api/save-filter.ts';
import { defaultFilterOn, filterSwitchState, validateFilter } from '../assistant-rules.ts';
import { CountedHelper } from '../components/CountedHelper.tsx';
import { TA } from '../texts.ts';

/** The per-assistant data-protection filter (spec 02 §4): switch and list, by the team's level. */
export function FilterCard({ assistantUuid }: { assistantUuid: string }) {
  const query = useAssistantFilter(assistantUuid);
  return (
    <Card
      sx={{ p: { xs: 2.5, sm: 3 } }}
      component="section"
      aria-labelledby="filter-title"
      data-testid="filter-card"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
        <ShieldIcon sx={{ color: 'green.main' }} fontSize="small" />
        <Typography id="filter-title" variant="subtitle1" component="h2" sx={{ flex: 1 }}>
          {TA.filterTitle}
        </Typography>
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1, mb: 2 }}>
        {TA.filterText}
      </Typography>
      {query.isPending && (
        <>
          <Skeleton width={220} height={38} />
          <Skeleton variant="rounded" height={96} sx={{ mt: 1 }} />
        </>
      )}
      {query.isError && <Alert severity="error">{TA.filterLoadError}</Alert>}
      {query.data && <FilterForm key={query.dataUpdatedAt} assistantUuid={assistantUuid} data={query.data} />}
    </Card>
  );
}

function FilterForm({ assistantUuid, data }: { assistantUuid: string; data: AssistantFilter }) {
  const level = data.protection_level;
  const rules = filterSwitchState(level);
  const [on, setOn] = useState(rules.editable ? (data.active ?? defaultFilterOn(level)) : true);
  const [filter, setFilter] = useState(data.filter);
  const [error, setError] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const mutation = useSaveAssistantFilter();

  const save = () => {
    const problem = validateFilter(filter, level);
    setError(problem);
    if (problem) return;
    mutation.mutate(
      { assistantUuid, filterString: filter.trim(), on },
      {
        onSuccess: (result) => {
          setDirty(false);
          showSuccess(result.message);
        },
        onError: (err) => {
          const message = err instanceof ApiError ? (err.fields.filterString?.[0] ?? err.userMessage) : null;
          if (message) {
            setError(message);
            showError(message);
          }
        },
      },
    );
  };

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
        label={TA.filterSwitch}
        sx={{ mb: 0.5 }}
      />
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mb: 2 }}>
        {TA.filterLevelHint[Math.min(Math.max(level, 0), 2)]}
      </Typography>
      <TextField
        label={TA.filterLabel}
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
              text={error ?? TA.filterHelper}
              length={filter.trim().length}
              min={rules.minLength}
            />
          ) : (
            (error ?? TA.filterHelper)
          )
        }
        multiline
        minRows={3}
        maxRows={10}
        fullWidth
        disabled={!on}
        slotProps={{ htmlInput: { maxLength: 20000 } }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <Button
          variant="outlined"
          color="inherit"
          onClick={save}
          loading={mutation.isPending}
          disabled={!dirty}
        >
          {TA.save}
        </Button>
      </Box>
    </>
  );
}
