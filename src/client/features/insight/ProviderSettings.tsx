import { Button } from '../../components/ui/Button.ts';
import { Alert } from '../../components/ui/Alert.ts';
import { Chip } from '../../components/ui/Chip.ts';
import { Skeleton } from '../../components/ui/Skeleton.ts';
import { MenuItem } from '../../components/ui/MenuItem.ts';
import { TextField } from '../../components/ui/TextField.ts';
import { Box } from '../../components/ui/Box.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { useState, type ChangeEvent } from 'react';
import {
  DEFAULT_CONTEXT_TOKENS,
  PROVIDERS_OF,
  type AiProviderKind,
  type ProviderSetting,
  type ProviderTestResult,
  type PutProvider,
} from '../../../shared/schemas/ai-providers.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { showSuccess } from '../../state/snackbar-store.ts';
import { ActionCard, CardActions } from './ActionCard.tsx';
import { useProviders } from './api/get-providers.ts';
import { useSaveProvider } from './api/save-provider.ts';
import { useTestProvider } from './api/test-provider.ts';
import { fieldErrorOf } from './errors.ts';
import { INSIGHT_TEXTS } from './texts.ts';

/** KI-Anbieter: one card per capability (chat, speech, transcription, image, embedding, rerank). */
export function ProviderSettings() {
  const providers = useProviders();
  if (providers.isPending) return <Skeleton variant="rounded" height={320} aria-busy aria-label={INSIGHT_TEXTS.providersLoading} />;
  if (providers.isError) return <LoadFailed query={providers} text={INSIGHT_TEXTS.providersLoadFailed} />;
  const { pending } = providers.data.reembedding;
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Typography sx={{ color: 'text.secondary' }}>{INSIGHT_TEXTS.providersIntro}</Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' }}>
        {providers.data.providers.map((setting) => (
          <ProviderCard key={setting.capability} setting={setting} reembedding={setting.capability === 'embedding' ? pending : 0} />
        ))}
      </Box>
    </Box>
  );
}

interface Values {
  provider: AiProviderKind;
  baseUrl: string;
  apiKey: string;
  model: string;
  contextTokens: string;
}
type Field = 'provider' | 'baseUrl' | 'apiKey' | 'model' | 'contextTokens';

const valuesOf = (s: ProviderSetting): Values => ({
  provider: s.provider,
  baseUrl: s.baseUrl ?? '',
  apiKey: '',
  model: s.model ?? '',
  contextTokens: String(s.contextTokens),
});

/** Text models have a context window worth setting; audio and image models do not. */
const HAS_CONTEXT = new Set(['chat', 'embedding', 'rerank']);

function ProviderCard({ setting, reembedding }: { setting: ProviderSetting; reembedding: number }) {
  const { capability } = setting;
  // What was last saved (or loaded); a save takes the server's values and empties the key field.
  const [initial, setInitial] = useState(() => valuesOf(setting));
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [result, setResult] = useState<ProviderTestResult | null>(null);
  const save = useSaveProvider();
  const test = useTestProvider();
  const dirty = (Object.keys(values) as (keyof Values)[]).some((k) => values[k] !== initial[k]);
  const offline = values.provider === 'offline';
  const id = `provider-${capability}`;

  const set = (field: keyof Values) => (event: ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setResult(null);
  };

  /** Saves the form; false when the server refused it (the fields say why). */
  const store = async (): Promise<boolean> => {
    const body: PutProvider = {
      capability,
      provider: values.provider,
      baseUrl: offline ? null : values.baseUrl.trim() || null,
      model: offline ? null : values.model.trim() || null,
      contextTokens: Number(values.contextTokens) || DEFAULT_CONTEXT_TOKENS,
      ...(values.apiKey.trim() && !offline ? { apiKey: values.apiKey.trim() } : {}),
    };
    try {
      const saved = await save.mutateAsync(body);
      const mine = saved.providers.find((p) => p.capability === capability);
      if (mine) {
        setInitial(valuesOf(mine));
        setValues(valuesOf(mine));
      }
      showSuccess(saved.message);
      return true;
    } catch (failure) {
      const message = fieldErrorOf(failure);
      if (message === null) return false;
      const fields = failure instanceof ApiError ? failure.fields : {};
      const next: Partial<Record<Field, string>> = {};
      for (const f of ['provider', 'baseUrl', 'apiKey', 'model', 'contextTokens'] as const) if (fields[f]?.[0]) next[f] = fields[f][0];
      if (Object.keys(next).length === 0) next[offline ? 'provider' : 'model'] = message;
      setErrors(next);
      return false;
    }
  };

  const runTest = async () => {
    setResult(null);
    if (dirty && !(await store())) return;
    try {
      setResult(await test.mutateAsync(capability));
    } catch (failure) {
      const message = fieldErrorOf(failure);
      if (message !== null) setResult({ ok: false, message });
    }
  };

  const source = setting.source === 'stored' ? INSIGHT_TEXTS.sourceStored : setting.source === 'environment' ? INSIGHT_TEXTS.sourceEnvironment : INSIGHT_TEXTS.sourceDefault;
  return (
    <ActionCard
      id={id}
      title={INSIGHT_TEXTS.capabilityTitle[capability]!}
      info={
        <>
          {INSIGHT_TEXTS.capabilityInfo[capability]}
          <Box component="span" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
            <Chip size="small" label={source} variant="outlined" />
            {setting.offline && <Chip size="small" label={INSIGHT_TEXTS.runsOffline} color="warning" variant="outlined" />}
          </Box>
        </>
      }
      onSubmit={() => void store()}
    >
      {reembedding > 0 && (
        <Alert severity="info" role="status">
          {INSIGHT_TEXTS.reembedding(reembedding)}
        </Alert>
      )}
      <TextField
        select
        label={INSIGHT_TEXTS.providerLabel}
        value={values.provider}
        onChange={set('provider')}
        error={!!errors.provider}
        helperText={errors.provider}
        htmlInput={{ 'data-testid': `${id}-provider` }}
      >
        {PROVIDERS_OF[capability].map((p) => (
          <MenuItem key={p} value={p}>
            {p === 'offline' ? INSIGHT_TEXTS.offlineNames[capability] : INSIGHT_TEXTS.providerNames[p]}
          </MenuItem>
        ))}
      </TextField>
      {!offline && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' }}>
          <TextField
            label={INSIGHT_TEXTS.baseUrl}
            value={values.baseUrl}
            onChange={set('baseUrl')}
            error={!!errors.baseUrl}
            helperText={errors.baseUrl ?? INSIGHT_TEXTS.baseUrlHelp}
            type="url"
            autoComplete="off"
            sx={{ gridColumn: '1 / -1' }}
            htmlInput={{ maxLength: 2000, spellCheck: false }}
          />
          <TextField
            label={INSIGHT_TEXTS.apiKey}
            value={values.apiKey}
            onChange={set('apiKey')}
            error={!!errors.apiKey}
            helperText={errors.apiKey ?? (setting.hasKey ? INSIGHT_TEXTS.apiKeyStored : INSIGHT_TEXTS.apiKeyNew)}
            type="password"
            autoComplete="new-password"
            htmlInput={{ maxLength: 4000, spellCheck: false }}
          />
          <TextField
            label={INSIGHT_TEXTS.model}
            value={values.model}
            onChange={set('model')}
            error={!!errors.model}
            helperText={errors.model}
            required
            autoComplete="off"
            htmlInput={{ maxLength: 200, spellCheck: false }}
          />
          {HAS_CONTEXT.has(capability) && (
            <TextField
              label={INSIGHT_TEXTS.contextTokens}
              value={values.contextTokens}
              onChange={set('contextTokens')}
              error={!!errors.contextTokens}
              helperText={errors.contextTokens ?? INSIGHT_TEXTS.contextTokensHelp}
              type="number"
              htmlInput={{ min: 1000, max: 10_000_000, step: 1000, inputMode: 'numeric' }}
            />
          )}
        </Box>
      )}
      {result && (
        <Alert severity={result.ok ? 'success' : 'error'} role="status" data-testid={`${id}-result`}>
          {result.message}
        </Alert>
      )}
      <CardActions>
        {/* Offline asks no provider: there is nothing to test. */}
        {!offline && (
          <Button onClick={() => void runTest()} loading={test.isPending} disabled={save.isPending} title={dirty ? INSIGHT_TEXTS.testSavesFirst : undefined}>
            {INSIGHT_TEXTS.testConnection}
          </Button>
        )}
        {/* Shown once something changed: a card never shows a button that cannot do anything. */}
        {dirty && (
          <Button type="submit" variant="contained" loading={save.isPending} disabled={test.isPending}>
            {INSIGHT_TEXTS.save}
          </Button>
        )}
      </CardActions>
    </ActionCard>
  );
}
