import { CopyOutlinedIcon } from '../../components/ui/icons/CopyOutlinedIcon.ts';
import { Button } from '../../components/ui/Button.ts';
import { Dialog, DialogActions, DialogContent, DialogTitle } from '../../components/ui/Dialog.ts';
import { Alert } from '../../components/ui/Alert.ts';
import { Checkbox } from '../../components/ui/Checkbox.ts';
import { FormControl, FormHelperText, FormLabel } from '../../components/ui/FormControl.ts';
import { FormControlLabel } from '../../components/ui/FormControlLabel.ts';
import { Radio, RadioGroup } from '../../components/ui/Radio.ts';
import { TextField } from '../../components/ui/TextField.ts';
import { Box } from '../../components/ui/Box.ts';
import { STATE } from '../../components/ui/selectors.ts';
import { useState, type FormEvent } from 'react';
import type { ApiKeyCreated } from '../../../shared/schemas/api-keys.ts';
import { ApiError } from '../../lib/api-client.ts';
import { showError, showSuccess } from '../../state/snackbar-store.ts';
import { useAssistants } from '../../lib/assistants/index.ts';
import { copyText } from '../../lib/copy-text.ts';
import { useCreateApiKey } from './api/create-api-key.ts';
import { API_KEY_TEXTS } from './texts.ts';

/** Name, optional expiry and scope → the new key, shown once with a copy button. */
export function CreateKeyDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateApiKey();
  const assistants = useAssistants();
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState('');
  const [scope, setScope] = useState<'all' | 'selected'>('all');
  const [chosen, setChosen] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  // Chat and task Mikas can be called; image Mikas paint, they do not answer.
  const callable = (assistants.data ?? []).filter((a) => a.type !== 'image');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    create.mutate(
      { name: name.trim(), expires_at: expiry || null, scope, assistants: scope === 'selected' ? chosen : [] },
      {
        onSuccess: (result) => {
          showSuccess(result.message);
          setCreated(result);
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          setErrors(Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k.split('.')[0]!, v[0]!])));
          showError(error.userMessage);
        },
      },
    );
  };

  if (created) {
    return (
      <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="api-secret-title">
        <DialogTitle id="api-secret-title">{API_KEY_TEXTS.secretTitle}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <Alert severity="warning">{API_KEY_TEXTS.secretText}</Alert>
          <TextField
            label={API_KEY_TEXTS.secretLabel}
            value={created.secret}
            fullWidth
            htmlInput={{ readOnly: true, 'data-testid': 'api-secret', spellCheck: false }}
            inputStyle={{ fontFamily: 'monospace' }}
            onFocus={(e) => e.target.select()}
          />
        </DialogContent>
        <DialogActions>
          <Button startIcon={<CopyOutlinedIcon />} onClick={() => void copyText(created.secret, API_KEY_TEXTS.copied)}>
            {API_KEY_TEXTS.copy}
          </Button>
          <Button variant="contained" onClick={onClose}>
            {API_KEY_TEXTS.done}
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="api-create-title">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="api-create-title">{API_KEY_TEXTS.createTitle}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2.5, pt: '8px !important' }}>
          <TextField
            label={API_KEY_TEXTS.name}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={Boolean(errors.name)}
            helperText={errors.name ?? API_KEY_TEXTS.nameHint}
            autoFocus
            fullWidth
          />
          <TextField
            label={API_KEY_TEXTS.expiry}
            type="date"
            value={expiry}
            onChange={(e) => setExpiry(e.target.value)}
            error={Boolean(errors.expires_at)}
            helperText={errors.expires_at}
            shrinkLabel
            fullWidth
          />
          <FormControl error={Boolean(errors.assistants)}>
            <FormLabel id="api-scope-label" sx={{ color: 'text.primary', [STATE.focused]: { color: 'text.primary' } }}>
              {API_KEY_TEXTS.scope}
            </FormLabel>
            <RadioGroup aria-labelledby="api-scope-label" value={scope} onChange={(e) => setScope(e.target.value as 'all' | 'selected')}>
              <FormControlLabel value="all" control={<Radio />} label={API_KEY_TEXTS.scopeAllOption} />
              <FormControlLabel value="selected" control={<Radio />} label={API_KEY_TEXTS.scopeSomeOption} />
            </RadioGroup>
            {scope === 'selected' && (
              <Box role="group" aria-label={API_KEY_TEXTS.scopeSomeOption} sx={{ display: 'grid', pl: 3.5 }}>
                {callable.map((a) => (
                  <FormControlLabel
                    key={a.uuid}
                    label={a.name}
                    control={
                      <Checkbox
                        checked={chosen.includes(a.uuid)}
                        onChange={(e) => setChosen((c) => (e.target.checked ? [...c, a.uuid] : c.filter((u) => u !== a.uuid)))}
                      />
                    }
                  />
                ))}
              </Box>
            )}
            {errors.assistants && <FormHelperText>{errors.assistants}</FormHelperText>}
          </FormControl>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{API_KEY_TEXTS.cancel}</Button>
          <Button type="submit" variant="contained" loading={create.isPending}>
            {API_KEY_TEXTS.create}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
