import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { z } from '../shared/zod.ts';
import { parseOutboundAllow } from './platform/outbound.ts';
import { appendAll } from '../shared/arrays.ts';

// The one place the environment is read. Everything else receives a typed AppConfig.
// Unset or empty means true: the switches below are opt-outs.
const zBoolDefaultTrue = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v !== 'false' && v !== '0');

const zOptionalUrl = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

const zLocation = z.enum(['eu', 'non-eu', 'unknown', '']).optional();

const zSubprocessors = z.array(
  z.object({ name: z.string().min(1), purpose: z.string().min(1), data: z.string().default(''), location: z.enum(['eu', 'non-eu', 'unknown']) }),
);

const zEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Only this machine by default; a server behind a proxy on another host sets HOST=0.0.0.0 (or ::).
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  APP_URL: zOptionalUrl,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: zOptionalUrl,
  /** Where the embedded database runs: its own thread (default) or the main thread (decision 050). */
  EMBEDDED_DB_THREAD: z.enum(['worker', 'main']).default('worker'),
  REDIS_URL: zOptionalUrl,
  /** Prefix of Mika's Redis channels: two installations sharing one Redis must not hear each other. */
  REDIS_PREFIX: z.string().trim().regex(/^[\w.:-]{1,64}$/).default('mika'),
  SMTP_URL: zOptionalUrl,
  MAIL_FROM: z.string().default('Mika <no-reply@mika.local>'),
  SUPPORT_EMAIL: z.string().default('support@mika.local'),
  REGISTRATION_DOMAINS: z.string().default(''),
  REGISTRATION_CONTACT: z.string().optional(),
  REGISTRATIONS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
  // Sign-in attempts per client IP: a company's office is often one address for all its people.
  LOGINS_PER_IP_PER_15_MINUTES: z.coerce.number().int().min(1).max(1_000_000).default(50),
  // Visitors of public chats (one client IP; a company's NAT is many people): see docs/security.md.
  PUBLIC_CONVERSATIONS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(30),
  PUBLIC_MESSAGES_PER_IP_PER_10_MINUTES: z.coerce.number().int().min(1).max(1_000_000).default(30),
  PUBLIC_MESSAGES_PER_MIKA_PER_HOUR: z.coerce.number().int().min(1).max(10_000_000).default(600),
  TRIAL_DAYS: z.coerce.number().int().min(0).max(365).default(14),
  SUPERADMIN_EMAIL: zOptionalUrl,
  SUPERADMIN_PASSWORD: zOptionalUrl,
  LEGAL_DIR: zOptionalUrl,
  TRUST_PROXY: z.string().default(''),
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** pretty: one readable line per event (default in development); json: one JSON object per line. */
  LOG_FORMAT: z.enum(['', 'pretty', 'json']).optional(),
  SESSION_IDLE_DAYS: z.coerce.number().positive().default(7),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().positive().default(30),
  /** A live login of an operator ends by itself after this many minutes. */
  LIVE_LOGIN_MINUTES: z.coerce.number().positive().max(24 * 60).default(60),
  AUTH_CACHE_MS: z.coerce.number().int().min(0).max(10_000).default(2000),
  /** A soft-deleted team is purged for good this many days after its deletion. */
  TEAM_RETENTION_DAYS: z.coerce.number().min(0).max(3650).default(30),
  LOG_OUTBOX_MAILS: zBoolDefaultTrue,
  MAIL_RETRY_LIMIT: z.coerce.number().int().min(0).max(50).default(10),
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  REGISTRATION_VERIFY_EMAIL: z.enum(['auto', 'true', 'false']).default('auto'),
  JOBS_IN_WEB: zBoolDefaultTrue,
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(300).default(5),
  CLIENT_DIR: zOptionalUrl,
  AI_PROVIDER: z.enum(['offline', 'openai', 'openai-compatible', 'mistral', 'anthropic']).default('offline'),
  AI_BASE_URL: zOptionalUrl,
  AI_API_KEY: zOptionalUrl,
  AI_CHAT_MODEL: zOptionalUrl,
  AI_TRANSCRIPTION_MODEL: zOptionalUrl,
  AI_SPEECH_MODEL: zOptionalUrl,
  AI_SPEECH_VOICE: z.string().default('alloy'),
  AI_IMAGE_MODEL: zOptionalUrl,
  AI_IMAGE_PROVIDER: z.enum(['', 'recraft', 'openai']).optional(),
  AI_IMAGE_BASE_URL: zOptionalUrl,
  AI_IMAGE_API_KEY: zOptionalUrl,
  AI_IMAGE_SIZE: z.string().regex(/^\d{2,4}x\d{2,4}$/).default('1024x1024'),
  AI_IMAGE_TIMEOUT_SECONDS: z.coerce.number().min(5).max(600).default(120),
  AI_EMBEDDING_MODEL: zOptionalUrl,
  /** A rerank model over retrieval's candidates (docs/knowledge.md): cohere, jina or any Cohere/Jina-style /rerank (vLLM, TEI, Infinity, LiteLLM). */
  AI_RERANK_PROVIDER: z.enum(['', 'cohere', 'jina', 'openai-compatible']).optional(),
  AI_RERANK_BASE_URL: zOptionalUrl,
  AI_RERANK_API_KEY: zOptionalUrl,
  AI_RERANK_MODEL: zOptionalUrl,
  AI_OFFLINE_WORD_DELAY_MS: z.coerce.number().int().min(0).max(1000).default(25),
  AI_HISTORY_TOKEN_BUDGET: z.coerce.number().int().min(200).default(6000),
  /** The chat model's context window in tokens (the API refuses longer input); per model in AI_CONTEXT_WINDOWS. */
  AI_CONTEXT_WINDOW: z.coerce.number().int().min(1000).default(128_000),
  AI_CONTEXT_WINDOWS: z
    .string()
    .regex(/^\s*([^=,\s]+\s*=\s*\d+\s*(,\s*|$))*$/, 'AI_CONTEXT_WINDOWS: model=tokens, separated by commas, e.g. gpt-4o=128000,gpt-4.1=1047576')
    .default(''),
  AI_MAX_STEPS: z.coerce.number().int().min(1).max(20).default(4),
  AI_CHECKPOINT_MS: z.coerce.number().int().min(50).max(60_000).default(2000),
  AI_STREAM_STALE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  OUTBOUND_ALLOW_PRIVATE: z.enum(['true', 'false', '1', '0', '']).optional(),
  /** Hosts and CIDRs the website crawler and MCP may reach although private (docs/operations.md). */
  OUTBOUND_ALLOW: z
    .string()
    .default('')
    .superRefine((v, ctx) => {
      try {
        parseOutboundAllow(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
      }
    }),
  /** The website crawler's pace per host (politeness: 2; tests and the bench raise it for their local site). */
  CRAWL_REQUESTS_PER_SECOND: z.coerce.number().min(0.1).max(100).default(2),
  MCP_TIMEOUT_SECONDS: z.coerce.number().min(1).max(300).default(20),
  SECRETS_KEY: zOptionalUrl,
  /** Files in an S3-compatible bucket instead of DATA_DIR (docs/operations.md "File storage"). */
  S3_BUCKET: zOptionalUrl,
  S3_REGION: z.string().default('eu-central-1'),
  S3_ENDPOINT: zOptionalUrl,
  S3_ACCESS_KEY_ID: zOptionalUrl,
  S3_SECRET_ACCESS_KEY: zOptionalUrl,
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '']).optional(),
  S3_PREFIX: z.string().regex(/^([\w-]+\/)*$/, 'S3_PREFIX: folder names ending with /, e.g. mika/').default(''),
  PRODUCT_NAME: z.string().default('Mika'),
  // Sub-processors for the processing record and GET /api/capabilities (docs/dataprotection.md).
  AI_PROVIDER_NAME: zOptionalUrl,
  AI_DATA_LOCATION: zLocation,
  AI_PURPOSE: zOptionalUrl,
  AI_IMAGE_PROVIDER_NAME: zOptionalUrl,
  AI_IMAGE_DATA_LOCATION: zLocation,
  AI_RERANK_PROVIDER_NAME: zOptionalUrl,
  AI_RERANK_DATA_LOCATION: zLocation,
  SMTP_PROVIDER_NAME: zOptionalUrl,
  SMTP_DATA_LOCATION: zLocation,
  STRIPE_DATA_LOCATION: zLocation,
  SUBPROCESSORS: z.string().optional(),
  STRIPE_SECRET_KEY: zOptionalUrl,
  STRIPE_WEBHOOK_SECRET: zOptionalUrl,
  STRIPE_API_BASE: zOptionalUrl,
  STRIPE_PRICE_SOLO_MONTHLY: zOptionalUrl,
  STRIPE_PRICE_SOLO_YEARLY: zOptionalUrl,
  STRIPE_PRICE_TEAM_MONTHLY: zOptionalUrl,
  STRIPE_PRICE_TEAM_YEARLY: zOptionalUrl,
  STRIPE_PRICE_AGENCY_MONTHLY: zOptionalUrl,
  STRIPE_PRICE_AGENCY_YEARLY: zOptionalUrl,
  STRIPE_PRICE_EXTRA_MIKA: zOptionalUrl,
  STRIPE_PRICE_EXTRA_USER: zOptionalUrl,
  // Seller data printed on invoices. The defaults are EXAMPLE DATA: set your own in production.
  SELLER_NAME: z.string().default('Mika Beispiel GmbH'),
  SELLER_STREET: z.string().default('Musterstraße 1'),
  SELLER_POSTCODE: z.string().default('10115'),
  SELLER_CITY: z.string().default('Berlin'),
  SELLER_COUNTRY: z.string().default('DE'),
  SELLER_VAT_ID: z.string().default('DE123456789'),
  SELLER_EMAIL: z.string().default('rechnung@mika.example'),
  SELLER_IBAN: z.string().default('DE02120300000000202051'),
  SELLER_BIC: z.string().default('BYLADEM1001'),
  SELLER_REGISTER: z.string().default('Amtsgericht Berlin-Charlottenburg HRB 000000 (Beispiel)'),
  SELLER_MANAGING_DIRECTOR: z.string().default('Erika Mustermann'),
  /** The seller's tax number (Steuernummer): printed where no VAT ids may appear (category O). */
  SELLER_TAX_NUMBER: z.string().trim().optional(),
  /** The seller contact (EN 16931 BG-6; XRechnung BR-DE-2, -5, -6, -7). */
  SELLER_CONTACT_NAME: z.string().default('Buchhaltung'),
  SELLER_CONTACT_PHONE: z.string().default('+49 30 1234567'),
  SELLER_CONTACT_EMAIL: z.string().optional(),
  /** Days until an invoice is due (Zahlungsziel). */
  INVOICE_PAYMENT_DAYS: z.coerce.number().int().min(0).max(90).default(14),
});

/** The shipped example seller: production refuses to issue invoices in its name. */
export const EXAMPLE_SELLER = { SELLER_NAME: 'Mika Beispiel GmbH', SELLER_VAT_ID: 'DE123456789', SELLER_IBAN: 'DE02120300000000202051' } as const;

export type AppConfig = ReturnType<typeof loadConfig>;

/** A wrong or contradictory setting: start-up prints its message (no stack trace) and stops. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads a `.env` file into `env` when there is one (README, .env.example): `ENV_FILE` names another
 * file, `ENV_FILE=` (empty) reads none. Variables already in the environment win over the file, as
 * with `node --env-file`. Parsed by Node's own parser (util.parseEnv, as process.loadEnvFile).
 * Returns the file that was read.
 */
export function loadEnvFile(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string | undefined {
  const named = env.ENV_FILE;
  if (named !== undefined && named.trim() === '') return undefined;
  const file = path.resolve(cwd, named ?? '.env');
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if (named === undefined && (err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new ConfigError(
      `ENV_FILE ${file} kann nicht gelesen werden / cannot be read: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
  }
  for (const [key, value] of Object.entries(parseEnv(text))) {
    if (env[key] === undefined) env[key] = value;
  }
  return file;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = zEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}=${JSON.stringify(env[String(i.path[0])] ?? '')}: ${i.message}`).join('\n');
    throw new ConfigError(`Ungültige Konfiguration / Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  if (e.AI_PROVIDER === 'openai-compatible' && !e.AI_BASE_URL) {
    throw new ConfigError('AI_PROVIDER=openai-compatible braucht AI_BASE_URL / needs AI_BASE_URL (e.g. http://127.0.0.1:11434/v1 for Ollama)');
  }
  if (e.NODE_ENV === 'production' && !e.STRIPE_SECRET_KEY) {
    const examples = (Object.keys(EXAMPLE_SELLER) as (keyof typeof EXAMPLE_SELLER)[]).filter((k) => e[k] === EXAMPLE_SELLER[k]);
    if (examples.length > 0) {
      throw new ConfigError(
        `Rechnungen würden mit den Beispieldaten des Verkäufers ausgestellt / invoices would be issued with the example seller data: set ${examples.join(', ')} ` +
          '(and SELLER_STREET, SELLER_POSTCODE, SELLER_CITY, SELLER_EMAIL, SELLER_BIC, SELLER_REGISTER, SELLER_MANAGING_DIRECTOR, SELLER_CONTACT_*, SELLER_TAX_NUMBER; docs/billing.md)',
      );
    }
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    logFormat: e.LOG_FORMAT || (e.NODE_ENV === 'development' ? 'pretty' : 'json'),
    appUrl,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    embeddedThread: e.EMBEDDED_DB_THREAD,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      // Without SMTP the outbox is the only copy: in development print new mails (reset links, chat
      // histories) to the log so a local user can open them. Never in production or tests: logs
      // are shipped and kept, personal data does not belong there.
      logOutbox: e.NODE_ENV === 'development' && !e.SMTP_URL && e.LOG_OUTBOX_MAILS,
      retryLimit: e.MAIL_RETRY_LIMIT,
      retryDelaySeconds: e.MAIL_RETRY_DELAY_SECONDS,
    },
    jobs: {
      // An embedded database belongs to this process: its jobs can only run here.
      runInWeb: !e.DATABASE_URL || e.JOBS_IN_WEB,
      pollSeconds: e.JOBS_POLL_SECONDS,
    },
    supportEmail: e.SUPPORT_EMAIL,
    registration: {
      domains: e.REGISTRATION_DOMAINS.split(',')
        .map((d) => d.trim().toLowerCase().replace(/^@/, ''))
        .filter(Boolean),
      contactEmail: e.REGISTRATION_CONTACT ?? e.SUPPORT_EMAIL,
      // One team per registration: 20 from one address per hour is generous behind a company NAT.
      perIp: { limit: e.REGISTRATIONS_PER_IP_PER_HOUR, windowMs: 60 * 60_000 },
      // Without a mail transport nobody could ever click a link: accounts are then verified at once.
      verifyEmail: e.REGISTRATION_VERIFY_EMAIL === 'auto' ? Boolean(e.SMTP_URL) : e.REGISTRATION_VERIFY_EMAIL === 'true',
    },
    loginsPerIp: { limit: e.LOGINS_PER_IP_PER_15_MINUTES, windowMs: 15 * 60_000 },
    // Public chats: per client IP and per Mika (the team's credits), counted in the database.
    publicChat: {
      threadsPerIp: { limit: e.PUBLIC_CONVERSATIONS_PER_IP_PER_HOUR, windowMs: 60 * 60_000 },
      messagesPerIp: { limit: e.PUBLIC_MESSAGES_PER_IP_PER_10_MINUTES, windowMs: 10 * 60_000 },
      messagesPerAssistant: { limit: e.PUBLIC_MESSAGES_PER_MIKA_PER_HOUR, windowMs: 60 * 60_000 },
    },
    trialDays: e.TRIAL_DAYS,
    superadmin:
      e.SUPERADMIN_EMAIL && e.SUPERADMIN_PASSWORD
        ? { email: e.SUPERADMIN_EMAIL, password: e.SUPERADMIN_PASSWORD }
        : undefined,
    legalDir: e.LEGAL_DIR ? path.resolve(e.LEGAL_DIR) : path.resolve('content/legal'),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    cookieSecure: e.COOKIE_SECURE === 'auto' ? appUrl.startsWith('https://') : e.COOKIE_SECURE === 'true',
    logLevel: e.NODE_ENV === 'test' && !env.LOG_LEVEL ? 'silent' : e.LOG_LEVEL,
    session: {
      idleMs: e.SESSION_IDLE_DAYS * 86_400_000,
      absoluteMs: e.SESSION_ABSOLUTE_DAYS * 86_400_000,
      liveLoginMs: e.LIVE_LOGIN_MINUTES * 60_000,
      /** How long an instance keeps a looked-up session (0 = look it up on every request). */
      cacheMs: e.AUTH_CACHE_MS,
    },
    teamRetentionMs: e.TEAM_RETENTION_DAYS * 86_400_000,
    ai: {
      provider: e.AI_PROVIDER,
      baseUrl: e.AI_BASE_URL,
      apiKey: e.AI_API_KEY,
      chatModel: e.AI_CHAT_MODEL,
      transcriptionModel: e.AI_TRANSCRIPTION_MODEL,
      speechModel: e.AI_SPEECH_MODEL,
      speechVoice: e.AI_SPEECH_VOICE,
      imageModel: e.AI_IMAGE_MODEL,
      image: resolveImageConfig(e),
      embeddingModel: e.AI_EMBEDDING_MODEL,
      rerank: resolveRerankConfig(e),
      offlineWordDelayMs: e.AI_OFFLINE_WORD_DELAY_MS,
      historyTokenBudget: e.AI_HISTORY_TOKEN_BUDGET,
      contextWindow: { default: e.AI_CONTEXT_WINDOW, byModel: parseContextWindows(e.AI_CONTEXT_WINDOWS) },
      maxSteps: e.AI_MAX_STEPS,
      // A growing answer is written every AI_CHECKPOINT_MS or after ~200 tokens; without new text
      // its heartbeat is still renewed three times within the stale limit.
      checkpoint: {
        intervalMs: e.AI_CHECKPOINT_MS,
        chars: 800,
        heartbeatMs: Math.max(e.AI_CHECKPOINT_MS, (e.AI_STREAM_STALE_SECONDS * 1000) / 3),
      },
      // A streaming answer whose heartbeat is older than this counts as interrupted.
      streamStaleMs: e.AI_STREAM_STALE_SECONDS * 1000,
    },
    clientDir: path.resolve(e.CLIENT_DIR ?? 'dist/client'),
    storageDir: path.join(dataDir, 'storage'),
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          // Most S3-compatible stores want path-style addressing when an endpoint is given.
          forcePathStyle: e.S3_FORCE_PATH_STYLE ? e.S3_FORCE_PATH_STYLE === 'true' : Boolean(e.S3_ENDPOINT),
          prefix: e.S3_PREFIX,
        }
      : null,
    uploadLimitBytes: 10 * 1024 * 1024,
    outbound: {
      // Development and tests only: lets MCP servers live on http:// and on localhost/private
      // networks. Off by default; see docs/tools.md#externe-tools-mcp.
      allowPrivate: e.OUTBOUND_ALLOW_PRIVATE === 'true' || e.OUTBOUND_ALLOW_PRIVATE === '1',
      // The operator's explicit exceptions for intranet sites (empty by default; named in the banner).
      allow: parseOutboundAllow(e.OUTBOUND_ALLOW),
    },
    mcp: { timeoutMs: e.MCP_TIMEOUT_SECONDS * 1000 },
    crawler: { requestsPerSecond: e.CRAWL_REQUESTS_PER_SECOND },
    /** Key for secrets at rest (MCP headers); without it a key file in DATA_DIR is created. */
    secretsKey: e.SECRETS_KEY,
    productName: e.PRODUCT_NAME,
    processors: processorsFrom(e),
    /** The same without the AI entries: the provider registry puts its own in front when Insight overrides AI_*. */
    processorsBesideAi: processorsFrom(e).filter((p) => !p.ai).map(({ ai: _ai, ...p }) => p),
    billing: {
      /** Stripe when a secret key is set; otherwise our own invoices ("Rechnung"). */
      provider: (e.STRIPE_SECRET_KEY ? 'stripe' : 'invoice'),
      stripe: e.STRIPE_SECRET_KEY
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiBase: e.STRIPE_API_BASE,
            prices: {
              solo: { monthly: e.STRIPE_PRICE_SOLO_MONTHLY, yearly: e.STRIPE_PRICE_SOLO_YEARLY },
              team: { monthly: e.STRIPE_PRICE_TEAM_MONTHLY, yearly: e.STRIPE_PRICE_TEAM_YEARLY },
              agency: { monthly: e.STRIPE_PRICE_AGENCY_MONTHLY, yearly: e.STRIPE_PRICE_AGENCY_YEARLY },
              extraMika: e.STRIPE_PRICE_EXTRA_MIKA,
              extraUser: e.STRIPE_PRICE_EXTRA_USER,
            },
          }
        : undefined,
      seller: {
        name: e.SELLER_NAME,
        street: e.SELLER_STREET,
        postcode: e.SELLER_POSTCODE,
        city: e.SELLER_CITY,
        country: e.SELLER_COUNTRY,
        vatId: e.SELLER_VAT_ID,
        email: e.SELLER_EMAIL,
        iban: e.SELLER_IBAN,
        bic: e.SELLER_BIC,
        register: e.SELLER_REGISTER,
        managingDirector: e.SELLER_MANAGING_DIRECTOR,
        taxNumber: e.SELLER_TAX_NUMBER || null,
        contactName: e.SELLER_CONTACT_NAME,
        contactPhone: e.SELLER_CONTACT_PHONE,
        contactEmail: e.SELLER_CONTACT_EMAIL || e.SELLER_EMAIL,
      },
      paymentDays: e.INVOICE_PAYMENT_DAYS,
      /** True while the seller data are the shipped examples (only acceptable outside production). */
      exampleSeller: (Object.keys(EXAMPLE_SELLER) as (keyof typeof EXAMPLE_SELLER)[]).some((k) => e[k] === EXAMPLE_SELLER[k]),
    },
  };
}

/**
 * The rerank model (docs/knowledge.md, Rerank): off unless AI_RERANK_PROVIDER and AI_RERANK_MODEL
 * are set. It has its own base URL and key — rerank models are rarely served by the chat's provider.
 */
function resolveRerankConfig(e: z.infer<typeof zEnv>) {
  const provider = e.AI_RERANK_PROVIDER || undefined;
  if (!provider) {
    if (e.AI_RERANK_MODEL) throw new ConfigError('AI_RERANK_MODEL braucht AI_RERANK_PROVIDER / needs AI_RERANK_PROVIDER (cohere, jina, openai-compatible)');
    return undefined;
  }
  if (!e.AI_RERANK_MODEL) throw new ConfigError(`AI_RERANK_PROVIDER=${provider} braucht AI_RERANK_MODEL / needs AI_RERANK_MODEL (e.g. rerank-multilingual-v3.0, BAAI/bge-reranker-v2-m3)`);
  if (provider === 'openai-compatible' && !e.AI_RERANK_BASE_URL) {
    throw new ConfigError('AI_RERANK_PROVIDER=openai-compatible braucht AI_RERANK_BASE_URL / needs AI_RERANK_BASE_URL (where /rerank lives, e.g. http://127.0.0.1:8080 for TEI)');
  }
  return { provider, baseUrl: e.AI_RERANK_BASE_URL?.replace(/\/+$/, ''), apiKey: e.AI_RERANK_API_KEY, model: e.AI_RERANK_MODEL };
}

/**
 * The image provider (docs/ai.md, Image providers): Recraft through its HTTP API, or OpenAI's image
 * model through the AI SDK. Without AI_IMAGE_PROVIDER an OpenAI-style AI_PROVIDER with
 * AI_IMAGE_MODEL paints with that provider's base URL and key; otherwise nothing paints.
 */
function resolveImageConfig(e: z.infer<typeof zEnv>) {
  const inferred = !e.AI_IMAGE_PROVIDER && e.AI_IMAGE_MODEL && (e.AI_PROVIDER === 'openai' || e.AI_PROVIDER === 'openai-compatible');
  const provider = e.AI_IMAGE_PROVIDER || (inferred ? 'openai' : undefined);
  if (!provider) return undefined;
  if (provider === 'recraft') {
    return {
      provider,
      baseUrl: (e.AI_IMAGE_BASE_URL ?? 'https://external.api.recraft.ai/v1').replace(/\/+$/, ''),
      apiKey: e.AI_IMAGE_API_KEY,
      model: e.AI_IMAGE_MODEL ?? 'recraftv3',
      size: e.AI_IMAGE_SIZE as `${number}x${number}`,
      timeoutMs: e.AI_IMAGE_TIMEOUT_SECONDS * 1000,
    } as const;
  }
  if (!e.AI_IMAGE_MODEL) throw new ConfigError('AI_IMAGE_PROVIDER=openai braucht AI_IMAGE_MODEL / needs AI_IMAGE_MODEL');
  return {
    provider,
    baseUrl: e.AI_IMAGE_BASE_URL ?? e.AI_BASE_URL,
    apiKey: e.AI_IMAGE_API_KEY ?? e.AI_API_KEY,
    model: e.AI_IMAGE_MODEL,
    size: e.AI_IMAGE_SIZE as `${number}x${number}`,
    timeoutMs: e.AI_IMAGE_TIMEOUT_SECONDS * 1000,
  } as const;
}

function parseTrustProxy(value: string): boolean | string[] {
  const v = value.trim();
  if (v === '' || v === 'false') return false;
  if (v === 'true') return true;
  return v.split(',').map((s) => s.trim());
}

export type DataLocation = 'eu' | 'non-eu' | 'unknown';
export interface Processor {
  name: string;
  purpose: string;
  /** What it receives. */
  data: string;
  location: DataLocation;
  /** An AI provider's entry (replaced by the registry's when Insight sets providers). */
  ai?: true;
}

export const AI_DEFAULTS: Record<string, { name: string; location: DataLocation }> = {
  openai: { name: 'OpenAI', location: 'non-eu' },
  anthropic: { name: 'Anthropic', location: 'non-eu' },
  mistral: { name: 'Mistral AI', location: 'eu' },
  'openai-compatible': { name: 'OpenAI-kompatibler Dienst', location: 'unknown' },
};

export const AI_PROCESSOR_DATA =
  'Nachrichten und Verlauf, Auszüge aus Wissensdateien, Sprachaufnahmen – geschützte Begriffe durch Platzhalter ersetzt (Audio ausgenommen)';
export const RERANK_PURPOSE = 'Sortierung der Suchtreffer im Wissen';
export const RERANK_PROCESSOR_DATA = 'Fragen und Auszüge aus Wissensdateien – geschützte Begriffe durch Platzhalter ersetzt';
export const IMAGE_PROCESSOR_DATA = 'Bildbeschreibungen (geschützte Begriffe entfernt) und Stil-Referenzbilder';

export const hostOf = (url: string | undefined) => {
  try {
    return url ? new URL(url).hostname : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The sub-processors this installation sends personal data to, from the configuration: the AI
 * provider, the image provider, SMTP, Stripe and whatever the operator lists in SUBPROCESSORS
 * (JSON: [{name, purpose, data, location}], e.g. the hosting company). Name, purpose and data
 * location are the operator's statement; the defaults are only a starting point.
 */
function processorsFrom(e: z.output<typeof zEnv>): Processor[] {
  const list: Processor[] = [];
  const loc = (v: string | undefined, fallback: DataLocation): DataLocation => (v ? (v as DataLocation) : fallback);
  if (e.AI_PROVIDER !== 'offline') {
    const d = AI_DEFAULTS[e.AI_PROVIDER]!;
    const parts = ['Chat- und Aufgabenantworten'];
    if (e.AI_TRANSCRIPTION_MODEL) parts.push('Spracherkennung');
    if (e.AI_SPEECH_MODEL) parts.push('Sprachausgabe');
    if (e.AI_EMBEDDING_MODEL) parts.push('Suchindex der Wissensdateien');
    list.push({
      name: e.AI_PROVIDER_NAME ?? (e.AI_PROVIDER === 'openai-compatible' ? (hostOf(e.AI_BASE_URL) ?? d.name) : d.name),
      purpose: e.AI_PURPOSE ?? `KI-Modell: ${parts.join(', ')}`,
      data: AI_PROCESSOR_DATA,
      location: loc(e.AI_DATA_LOCATION, d.location),
      ai: true,
    });
  }
  if (e.AI_IMAGE_PROVIDER || (e.AI_IMAGE_MODEL && (e.AI_PROVIDER === 'openai' || e.AI_PROVIDER === 'openai-compatible'))) {
    const recraft = e.AI_IMAGE_PROVIDER === 'recraft';
    list.push({
      name: e.AI_IMAGE_PROVIDER_NAME ?? (recraft ? 'Recraft' : (e.AI_PROVIDER_NAME ?? 'OpenAI')),
      purpose: 'Bilderzeugung',
      data: IMAGE_PROCESSOR_DATA,
      location: loc(e.AI_IMAGE_DATA_LOCATION, 'non-eu'),
      ai: true,
    });
  }
  if (e.AI_RERANK_PROVIDER && e.AI_RERANK_MODEL) {
    const host = hostOf(e.AI_RERANK_BASE_URL);
    list.push({
      name: e.AI_RERANK_PROVIDER_NAME ?? (e.AI_RERANK_PROVIDER === 'cohere' ? 'Cohere' : e.AI_RERANK_PROVIDER === 'jina' ? 'Jina AI' : (host ?? 'Rerank-Dienst')),
      purpose: `KI-Modell: ${RERANK_PURPOSE}`,
      data: RERANK_PROCESSOR_DATA,
      location: loc(e.AI_RERANK_DATA_LOCATION, e.AI_RERANK_PROVIDER === 'cohere' ? 'non-eu' : 'unknown'),
      ai: true,
    });
  }
  if (e.SMTP_URL) {
    list.push({
      name: e.SMTP_PROVIDER_NAME ?? hostOf(e.SMTP_URL) ?? 'SMTP-Server',
      purpose: 'E-Mail-Versand',
      data: 'E-Mail-Adressen, Kontaktanfragen mit Chatverlauf, Aufgabenergebnisse, Konto-E-Mails',
      location: loc(e.SMTP_DATA_LOCATION, 'unknown'),
    });
  }
  if (e.STRIPE_SECRET_KEY) {
    list.push({ name: 'Stripe', purpose: 'Zahlungsabwicklung', data: 'Rechnungsadresse, E-Mail-Adresse, Zahlungsdaten', location: loc(e.STRIPE_DATA_LOCATION, 'non-eu') });
  }
  if (e.SUBPROCESSORS?.trim()) {
    const parsed = zSubprocessors.safeParse(JSON.parse(e.SUBPROCESSORS));
    if (!parsed.success) throw new Error('SUBPROCESSORS must be a JSON array of {name, purpose, data?, location: eu|non-eu|unknown}');
    appendAll(list, parsed.data);
  }
  return list;
}

/** "gpt-4o=128000, mistral-large-latest=131072" → { "gpt-4o": 128000, … }. */
function parseContextWindows(value: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of value.split(',')) {
    const [model, tokens] = part.split('=').map((x) => x.trim());
    if (model && tokens) out[model] = Number(tokens);
  }
  return out;
}
