import type { ProviderSetting } from '../shared/schemas/ai-providers.ts';
import type { AppConfig } from './config.ts';
import { ConfigError, loadConfig, loadEnvFile } from './config.ts';
import { unfinishedLegalPages } from './features/legal/index.ts';

// What a person starting Mika reads in the terminal: which database, mail and AI mode this process
// runs with, what looks half configured, and — when it cannot start — why, without a stack trace.

/**
 * Settings that are there but do nothing, or do something else than their owner likely meant:
 * a provider without a chat model answers from the offline engine, a key without a provider is
 * ignored, and so on. German first, the variable names say the rest.
 */
export function configWarnings(config: AppConfig, env: NodeJS.ProcessEnv): string[] {
  const warnings: string[] = [];
  const ai = config.ai;
  const set = (name: string) => Boolean(env[name]?.trim());
  if (ai.provider === 'offline') {
    const stray = ['AI_API_KEY', 'AI_BASE_URL', 'AI_CHAT_MODEL', 'AI_TRANSCRIPTION_MODEL', 'AI_SPEECH_MODEL', 'AI_EMBEDDING_MODEL'].filter(set);
    if (stray.length > 0) {
      warnings.push(
        `${stray.join(', ')} gesetzt, aber AI_PROVIDER ist offline: Antworten kommen von der Offline-Engine. ` +
          'Setze AI_PROVIDER (openai, openai-compatible, mistral, anthropic).',
      );
    }
  } else {
    if (!ai.chatModel) {
      warnings.push(`AI_PROVIDER=${ai.provider} ohne AI_CHAT_MODEL: Chats antworten mit der Offline-Engine. Setze AI_CHAT_MODEL (z. B. gpt-4o-mini).`);
    }
    if (!ai.apiKey && ai.provider !== 'openai-compatible') {
      warnings.push(`AI_PROVIDER=${ai.provider} ohne AI_API_KEY: der Anbieter wird jede Anfrage ablehnen.`);
    }
    if (ai.provider !== 'openai') {
      const unused = ['AI_TRANSCRIPTION_MODEL', 'AI_SPEECH_MODEL'].filter(set);
      if (unused.length > 0) warnings.push(`${unused.join(', ')} gilt nur mit AI_PROVIDER=openai und wird ignoriert.`);
    }
  }
  if (ai.image?.provider === 'recraft' && !ai.image.apiKey) {
    warnings.push('AI_IMAGE_PROVIDER=recraft ohne AI_IMAGE_API_KEY: Bilder können nicht gemalt werden.');
  }
  if (!ai.image && set('AI_IMAGE_MODEL')) {
    warnings.push('AI_IMAGE_MODEL gesetzt, aber kein Bildanbieter: setze AI_IMAGE_PROVIDER (recraft, openai) oder AI_PROVIDER=openai.');
  }
  if (set('STRIPE_SECRET_KEY') && !set('STRIPE_WEBHOOK_SECRET')) {
    warnings.push('STRIPE_SECRET_KEY ohne STRIPE_WEBHOOK_SECRET: Stripe-Webhooks werden abgelehnt.');
  }
  if (config.databaseUrl === undefined && config.redisUrl) {
    warnings.push('REDIS_URL ohne DATABASE_URL: die eingebettete Datenbank gehört einem Prozess, mehrere Instanzen gehen nur mit PostgreSQL.');
  }
  if (config.env === 'production' && config.host === '127.0.0.1' && !config.appUrl.includes('localhost') && !config.appUrl.includes('127.0.0.1')) {
    warnings.push(`HOST=127.0.0.1: nur von diesem Rechner erreichbar, APP_URL ist aber ${config.appUrl}. Hinter einem Proxy auf einem anderen Rechner HOST=0.0.0.0 setzen.`);
  }
  if (config.env === 'production' && config.outbound.allowPrivate) {
    warnings.push('OUTBOUND_ALLOW_PRIVATE=true im Produktivbetrieb: nur für Entwicklung und Tests. Für ein Intranet OUTBOUND_ALLOW=host oder CIDR setzen.');
  }
  return warnings;
}

function aiLine(config: AppConfig): string {
  const ai = config.ai;
  if (ai.provider === 'offline' || !ai.chatModel) return 'Offline-Engine (kein KI-Anbieter, AI_PROVIDER=offline)';
  const where = ai.baseUrl ? ` über ${safeUrl(ai.baseUrl)}` : '';
  const extra = [
    ai.embeddingModel && `Embeddings ${ai.embeddingModel}`,
    ai.transcriptionModel && `Sprache ${ai.transcriptionModel}`,
    ai.image && `Bilder ${ai.image.provider}:${ai.image.model}`,
    ai.rerank && `Rerank ${ai.rerank.provider}:${ai.rerank.model}`,
  ].filter(Boolean);
  return `${ai.provider}, Modell ${ai.chatModel}${where}${extra.length ? ` (${extra.join(', ')})` : ''}`;
}

const CAPABILITY_NAMES: Record<ProviderSetting['capability'], string> = {
  chat: 'Chat',
  speech: 'Sprachausgabe',
  transcription: 'Spracherkennung',
  image: 'Bilder',
  embedding: 'Embeddings',
  rerank: 'Rerank',
};

/** The AI lines from the registry: chat, the other served capabilities, and which run offline (or not at all). */
export function providerLines(providers: ProviderSetting[]): string[] {
  const chat = providers.find((p) => p.capability === 'chat');
  const main =
    !chat || chat.offline
      ? 'Offline-Engine (kein KI-Anbieter für Chat)'
      : `${chat.provider}, Modell ${chat.model}${chat.baseUrl ? ` über ${safeUrl(chat.baseUrl)}` : ''}`;
  const served = providers.filter((p) => !p.offline && p.capability !== 'chat').map((p) => `${CAPABILITY_NAMES[p.capability]} ${p.provider}:${p.model}`);
  const offline = providers.filter((p) => p.offline).map((p) => CAPABILITY_NAMES[p.capability]);
  const stored = providers.some((p) => p.source === 'stored') ? ' · Einstellungen aus Insight → KI-Anbieter gelten vor AI_*' : '';
  return [`  KI:         ${main}${served.length ? ` (${served.join(', ')})` : ''}`, `  KI offline: ${offline.length ? offline.join(', ') : 'nichts'}${stored}`];
}

/** A URL without user and password (DATABASE_URL, SMTP_URL carry them). */
export function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    return u.toString().replace(/\/$/, '');
  } catch {
    return '(ungültige URL)';
  }
}

/** The billing mode: Stripe, or our own invoices (with a warning while the seller is the example). */
function billingLine(config: AppConfig): string {
  if (config.billing.provider === 'stripe') return 'Stripe';
  const seller = config.billing.seller;
  return config.billing.exampleSeller
    ? 'Rechnung mit BEISPIEL-Verkäuferdaten (SELLER_* setzen, bevor echte Rechnungen entstehen)'
    : `Rechnung im Namen von ${seller.name}${seller.taxNumber ? '' : ' (ohne SELLER_TAX_NUMBER keine Rechnungen außerhalb der EU)'}`;
}

/** Where outbound fetches (website crawler, MCP) may go beyond public https addresses. */
function outboundLine(config: AppConfig): string {
  const { allow, allowPrivate } = config.outbound;
  const allowed = [...allow.hosts, ...allow.cidrs.map((c) => `${c.address}/${c.prefix}`)];
  const list = allowed.length > 0 ? `OUTBOUND_ALLOW erlaubt ${allowed.join(', ')}` : 'OUTBOUND_ALLOW leer';
  return `nur öffentliche https-Adressen, ${list}${allowPrivate ? '; OUTBOUND_ALLOW_PRIVATE=true (nur Entwicklung/Tests)' : ''}`;
}

/** The lines printed once the server listens. */
export function startupBanner(
  config: AppConfig,
  opts: { envFile?: string; listening: string; warnings: string[]; /** The provider registry's view (stored settings win over AI_*). */ providers?: ProviderSetting[] },
): string {
  const database = config.databaseUrl ? `PostgreSQL ${safeUrl(config.databaseUrl)}` : `eingebettet (PGlite) unter ${config.dataDir}`;
  const mail = config.mail.smtpUrl
    ? `SMTP ${safeUrl(config.mail.smtpUrl)}`
    : config.mail.logOutbox
      ? 'Postausgang (Links erscheinen hier im Log)'
      : 'Postausgang (ohne SMTP_URL werden keine E-Mails versendet)';
  const lines = [
    '',
    `  Mika läuft: ${config.appUrl}  (lauscht auf ${opts.listening}${config.host === '127.0.0.1' ? ', nur dieser Rechner – HOST=0.0.0.0 für alle' : ''})`,
    `  Modus:      ${config.env}${opts.envFile ? `, Konfiguration aus ${opts.envFile}` : ''}`,
    `  Datenbank:  ${database}`,
    `  E-Mails:    ${mail}`,
    `  Dateien:    ${config.s3 ? `S3-Bucket ${config.s3.bucket}${config.s3.endpoint ? ` (${safeUrl(config.s3.endpoint)})` : ''}` : `lokal unter ${config.dataDir}`}`,
    ...(opts.providers ? providerLines(opts.providers) : [`  KI:         ${aiLine(config)}`]),
    `  Live-Kanal: ${config.redisUrl ? `Redis ${safeUrl(config.redisUrl)} (mehrere Instanzen)` : 'in diesem Prozess'}`,
    `  Abrechnung: ${billingLine(config)}`,
    `  Jobs:       ${config.jobs.runInWeb ? 'in diesem Prozess' : 'in npm run worker'}`,
    `  Ausgehend:  ${outboundLine(config)}`,
    ...opts.warnings.map((w) => `  ⚠ ${w}`),
    `  Erster Start? Konto anlegen unter ${config.appUrl}/register`,
    '',
  ];
  return lines.join('\n');
}

/**
 * Loads `.env` and the configuration; on a configuration error prints its message and exits 1
 * (a stack trace would only hide the one line that matters).
 */
export function configFromEnvironment(): { config: AppConfig; envFile?: string } {
  try {
    const envFile = loadEnvFile();
    return { config: loadConfig(), envFile };
  } catch (err) {
    exitWithExplanation(err);
  }
}

/** Known start-up failures get one clear sentence; anything else is rethrown as it is. */
export function explainStartupError(err: unknown, config?: AppConfig): string | undefined {
  if (err instanceof ConfigError) return err.message;
  const e = err as NodeJS.ErrnoException & { address?: string; port?: number };
  if (e?.code === 'EADDRINUSE') {
    return `Port ${config?.port ?? e.port} ist schon belegt / already in use. Anderen PORT wählen oder den laufenden Prozess beenden.`;
  }
  if (e?.code === 'EADDRNOTAVAIL') return `HOST=${config?.host} ist keine Adresse dieses Rechners / not an address of this machine.`;
  if (e?.code === 'EACCES' && config) return `Port ${config.port} braucht Root-Rechte / needs root: einen Port über 1023 wählen.`;
  if (config?.databaseUrl && (e?.code === 'ECONNREFUSED' || e?.code === 'ENOTFOUND' || e?.code === '28P01' || e?.code === '3D000')) {
    return `Datenbank ${safeUrl(config.databaseUrl)} nicht erreichbar / unreachable: ${e.code} ${e.message}`;
  }
  return undefined;
}

/**
 * Production serves customers: the shipped legal templates (AGB, AVV … with "[Firma des Anbieters]")
 * must have been replaced in LEGAL_DIR, as the example seller data must (config.ts).
 */
export async function assertLegalPagesReady(config: AppConfig): Promise<void> {
  if (config.env !== 'production') return;
  const unfinished = await unfinishedLegalPages(config.legalDir);
  if (unfinished.length === 0) return;
  throw new ConfigError(
    `Die Rechtstexte sind noch die mitgelieferten Vorlagen oder fehlen / the legal pages are still the shipped templates or missing:\n` +
      unfinished.map((f) => `  ${f}`).join('\n') +
      `\nEigene Texte in LEGAL_DIR ablegen / put your own texts into LEGAL_DIR (docs/operations.md, "Legal pages").`,
  );
}

export function exitWithExplanation(err: unknown, config?: AppConfig): never {
  const explained = explainStartupError(err, config);
  if (!explained) throw err;
  console.error(`\nMika startet nicht / cannot start:\n${explained}\n`);
  process.exit(1);
}
