import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { AppError } from './platform/app-error.ts';
import { registerResponseCompression, serveClient } from './platform/client-delivery.ts';
import { registerCsrf } from './platform/csrf.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { warnOnUntrustedProxy } from './platform/proxy-check.ts';
import { stopThreadPools } from './platform/thread-pool.ts';
import { createAuthCache } from './platform/auth-cache.ts';
import { createNotifiedCaches } from './platform/notified-cache.ts';
import { auditRowOwner } from './platform/audit.ts';
import { registerAccess, requireAccess, unprovidedObjectPermissions, type AccessRegistry } from './platform/access.ts';
import { loggedUrl, prettyLogStream, serializeError } from './platform/log.ts';
import { registerInputGuard } from './platform/input-guard.ts';
import { registerHealth } from './platform/health.ts';
import type { Deps } from './platform/deps.ts';
import { createJobs } from './platform/jobs.ts';
import { createMailer, mailRowOwner } from './platform/mail.ts';
import { billingRowOwner, defineBillingJobs, invoiceFolderOwner } from './features/billing/index.ts';
import { createSecrets } from './platform/secrets.ts';
import { defineFileSweep } from './platform/file-sweep.ts';
import { knowledgeFolderOwner, knowledgeRowOwner, websiteRowOwner } from './features/knowledge/index.ts';
import { audioFolderOwner, readStoredAnswerAudio } from './features/voice/index.ts';
import { assetFolderOwner, assetRowOwner } from './features/assets/index.ts';
import { imageFolderOwner, imageRowOwner } from './features/images/index.ts';
import { defineImageJobs, resumeInterruptedImages } from './features/images/index.ts';
import { imageRoutes } from './features/images/index.ts';
import { taskDocumentFolderOwner, taskDocumentSource } from './features/tasks/index.ts';
import { taskRoutes } from './features/tasks/index.ts';
import { authFromCookies, registerSessions } from './platform/session.ts';
import { createThrottle } from './platform/throttle.ts';
import { createPrivateStore, createPublicStorage, serveStorage } from './platform/storage.ts';
import { createObjectBackend, type ObjectBackend } from './platform/object-backend.ts';
import { COMMON_MESSAGES } from '../shared/messages.ts';
import type { ApiErrorBody } from '../shared/errors.ts';
import { authRoutes } from './features/auth/index.ts';
import { accountRowOwner, defineAuthJobs } from './features/auth/index.ts';
import { defineChatJobs } from './features/chat/index.ts';
import { defineKnowledgeJobs, defineReembedJob, openVocabularyCache, defineWebsiteJobs, resumeInterruptedCrawls, resumeInterruptedIngestion, scheduleLegacyIndexing, scheduleRereading } from './features/knowledge/index.ts';
import { knowledgeQaRoutes, knowledgeRoutes, websiteRoutes } from './features/knowledge/index.ts';
import { defineQuestionInsightJobs, questionInsightRoutes, questionInsightRowOwner } from './features/question-insights/index.ts';
import { assetRoutes } from './features/assets/index.ts';
import { assetDocumentSource } from './features/assets/index.ts';
import { documentRoutes } from './features/documents/index.ts';
import { accountRoutes } from './features/account/index.ts';
import { legalRoutes } from './features/legal/index.ts';
import { assistantRoutes, assistantRowOwner } from './features/assistants/index.ts';
import { teamRoutes, teamRowOwner } from './features/teams/index.ts';
import { chatRoutes, chatRowOwner, registerVisitorTurnHook } from './features/chat/index.ts';
import { handoffVisitorTurn, handoffRoutes, handoffRowOwner, liveRoomsOf, sweepHandoffs } from './features/handoff/index.ts';
import { userRoutes } from './features/users/index.ts';
import { dataprotectionRoutes } from './features/dataprotection/index.ts';
import { supportRoutes } from './features/support/index.ts';
import { formRoutes, formRowOwner } from './features/forms/index.ts';
import { toolRoutes } from './features/tools/index.ts';
import { mcpRoutes, mcpRowOwner } from './features/mcp/index.ts';
import { discountRowOwner, insightRoutes } from './features/insight/index.ts';
import { defineTeamDeletionJobs } from './features/insight/index.ts';
import { dsgvoRoutes } from './features/dataprotection/index.ts';
import { defineExportJob, exportFolderOwner, exportRowOwner, resumeInterruptedExports } from './features/dataprotection/index.ts';
import { defineRetentionJob } from './features/dataprotection/index.ts';
import { apiKeyRoutes, apiKeyRowOwner } from './features/api-keys/index.ts';
import { isV1Path, sendV1Error, v1NotFound, v1Routes } from './features/openai-api/index.ts';
import { voiceRoutes } from './features/voice/index.ts';
import { billingRoutes } from './features/billing/index.ts';
import { publicChatRoutes } from './features/public-chat/index.ts';
import { creditRoutes, creditRowOwner } from './features/credits/index.ts';
import { usageRowOwner } from './features/usage/index.ts';
import { defineCreditJobs } from './features/credits/index.ts';
import { recoverInterruptedAnswers, verifyThreadToken } from './features/chat/index.ts';
import { createAiGateway } from './ai/gateway.ts';
import { createProviderRegistry } from './ai/registry.ts';
import { attachRealtime } from './platform/realtime.ts';

/** How often an instance ends overdue hand-off requests and returns quiet held threads. */
const HANDOFF_SWEEP_MS = 10_000;
import { isEmbedOrigin } from './features/public-chat/index.ts';

export interface BuildOptions {
  /** Where the log goes (default stdout); tests read it. */
  logStream?: NodeJS.WritableStream;
}

export interface BuiltApp {
  app: FastifyInstance;
  deps: Deps;
  access: AccessRegistry;
}

/** Builds the whole application on an open database; server.ts listens, tests inject. */
export async function buildApp(
  config: AppConfig,
  database: Database,
  backend: ObjectBackend = createObjectBackend(config),
  options: BuildOptions = {},
): Promise<BuiltApp> {
  // Development: readable lines; production: one JSON object per line (docs/operations.md, Logs).
  const logStream = config.logFormat === 'pretty' && config.logLevel !== 'silent' ? await prettyLogStream(options.logStream) : options.logStream;
  const app = Fastify({
    logController: new OneLinePerRequest(),
    logger: {
      level: config.logLevel,
      ...(logStream ? { stream: logStream } : {}),
      redact: ['req.headers.cookie', 'req.headers["x-xsrf-token"]', 'req.headers.authorization'],
      // Thread, reset and verification tokens travel in URLs (query and path): log the matched
      // route pattern, never the raw URL. Errors are logged without SQL parameters.
      serializers: {
        req: (req) => ({ method: req.method, url: loggedUrl(req), remoteAddress: req.ip }),
        err: serializeError,
      },
    },
    trustProxy: config.trustProxy,
    // The chat question travels in the URL of GET /api/send/stream (docs/product/chat-and-voice.md): allow a full
    // 8000-character message even when every character is percent-encoded multibyte text.
    http: { maxHeaderSize: 128 * 1024 },
    bodyLimit: 1024 * 1024,
    // A URL the router cannot decode (a broken %-escape) answers like every other bad request:
    // German JSON, or OpenAI's shape under /v1 — never Fastify's English default.
    frameworkErrors: (error, request, reply) => {
      if (isV1Path(request.url)) void sendV1Error(error, request, reply);
      else void (reply as FastifyReply).code(400).send({ error: COMMON_MESSAGES.invalidInput });
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const jobs = createJobs({
    database,
    log: app.log,
    runWorkers: config.jobs.runInWeb,
    pollSeconds: config.jobs.pollSeconds,
    graceMs: config.env === 'test' ? 1000 : 10_000,
  });
  const privateFiles = createPrivateStore(backend);
  const secrets = createSecrets({ key: config.secretsKey, dataDir: config.dataDir });
  const providers = await createProviderRegistry({
    database,
    secrets,
    ai: config.ai,
    processors: { all: config.processors, besideAi: config.processorsBesideAi },
    log: app.log,
  });
  app.addHook('onClose', () => providers.close());
  const caches = createNotifiedCaches(database, { log: app.log });
  app.addHook('onClose', () => caches.close());
  const deps: Deps = {
    db: database.db,
    jobs,
    config,
    log: app.log,
    throttle: createThrottle(database.db),
    storage: createPublicStorage(backend),
    privateFiles,
    // Erasure order: every feature's linked rows first, then the conversations, then the people.
    // The team export adds the parts in this order too (owners with exportTeam).
    rowOwners: [teamRowOwner, assistantRowOwner, knowledgeRowOwner, websiteRowOwner, assetRowOwner, imageRowOwner, formRowOwner, questionInsightRowOwner, mcpRowOwner, apiKeyRowOwner, mailRowOwner, creditRowOwner, usageRowOwner, billingRowOwner, discountRowOwner, exportRowOwner, handoffRowOwner, chatRowOwner, accountRowOwner, auditRowOwner],
    ai: createAiGateway(config.ai, () => providers.models()),
    providers,
    secrets,
    caches,
    mailer: createMailer({
      db: database.db,
      smtpUrl: config.mail.smtpUrl,
      from: config.mail.from,
      logOutbox: config.mail.logOutbox,
      retryLimit: config.mail.retryLimit,
      retryDelaySeconds: config.mail.retryDelaySeconds,
      jobs,
      log: app.log,
      readFile: (folder, name) => privateFiles.read(folder, name),
    }),
  };
  defineAuthJobs(deps);
  defineChatJobs(deps);
  defineKnowledgeJobs(deps);
  openVocabularyCache(deps);
  defineWebsiteJobs(deps);
  defineReembedJob(deps);
  defineImageJobs(deps);
  defineCreditJobs(deps);
  defineBillingJobs(deps);
  defineQuestionInsightJobs(deps);
  const privateFolderOwners = [knowledgeFolderOwner, audioFolderOwner, assetFolderOwner, imageFolderOwner, taskDocumentFolderOwner, exportFolderOwner, invoiceFolderOwner];
  defineFileSweep(deps, privateFolderOwners);
  defineTeamDeletionJobs(deps, privateFolderOwners);
  // Conversation documents come from their sources; a Mika's own files are exported under assets/.
  defineExportJob(deps, { audio: readStoredAnswerAudio, documents: { task: taskDocumentSource } });
  defineRetentionJob(deps, privateFolderOwners);
  // Workers start once every feature has defined its jobs, and stop before the database closes.
  app.addHook('onReady', () => jobs.start());
  // Files waiting for their postings after an upgrade are indexed by a job: the start does not wait.
  app.addHook('onReady', async () => void (await scheduleLegacyIndexing(deps)));
  // …and so are files an older reading read, of a format whose reading has changed since.
  app.addHook('onReady', async () => void (await scheduleRereading(deps)));
  if (database.kind === 'pglite') {
    app.addHook('onReady', async () => {
      await resumeInterruptedIngestion(deps);
      await resumeInterruptedCrawls(deps);
      await resumeInterruptedImages(deps);
      await resumeInterruptedExports(deps);
    });
  }
  app.addHook('onClose', async () => {
    await jobs.stop();
    // After the jobs: no ingestion is still reading a file, no task rendering a document, when the
    // threads they use end.
    await stopThreadPools();
    deps.mailer.close();
  });

  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: config.uploadLimitBytes, files: 1 } });
  warnOnUntrustedProxy(app, config.trustProxy);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI/emotion injects style tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameSrc: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  const authCache = await createAuthCache(database, { ttlMs: config.session.cacheMs, log: app.log });
  app.addHook('onClose', () => authCache.close());
  registerSessions(app, database.db, config, authCache);
  // Before any route, so that every route is recorded with its access rule; after the sessions,
  // whose hook the coarse check relies on.
  const access = registerAccess(app);
  // Every object permission of the one table is checked by its owning feature (loaded above).
  const unchecked = unprovidedObjectPermissions();
  if (unchecked.length > 0) throw new Error(`Object permissions without a rule: ${unchecked.join(', ')}`);
  await app.register(swagger, {
    openapi: { info: { title: 'Mika API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  app.get('/api/docs/openapi.json', { schema: { hide: true }, config: { access: 'public' } }, async () => app.swagger());

  registerResponseCompression(app);
  registerCsrf(app, config);
  registerInputGuard(app);
  installErrorHandling(app);

  registerHealth(app, database);
  await app.register(authRoutes(deps));
  await app.register(accountRoutes(deps));
  await app.register(teamRoutes(deps));
  await app.register(legalRoutes(deps));
  await app.register(assistantRoutes(deps));
  await app.register(chatRoutes(deps));
  await app.register(userRoutes(deps));
  await app.register(dataprotectionRoutes(deps));
  await app.register(dsgvoRoutes(deps, privateFolderOwners));
  await app.register(supportRoutes(deps));
  await app.register(formRoutes(deps));
  await app.register(toolRoutes(deps));
  await app.register(mcpRoutes(deps));
  await app.register(insightRoutes(deps));
  await app.register(apiKeyRoutes(deps));
  await app.register(v1Routes(deps));
  await app.register(creditRoutes(deps));
  await app.register(voiceRoutes(deps));
  await app.register(publicChatRoutes(deps));
  await app.register(knowledgeRoutes(deps));
  await app.register(websiteRoutes(deps));
  await app.register(knowledgeQaRoutes(deps));
  await app.register(questionInsightRoutes(deps));
  await app.register(assetRoutes(deps));
  await app.register(taskRoutes(deps));
  // Every feature that hands out documents in conversations registers its source here.
  await app.register(documentRoutes(deps, { asset: assetDocumentSource, task: taskDocumentSource }));
  await app.register(imageRoutes(deps));
  await app.register(billingRoutes(deps));
  await app.register(handoffRoutes(deps));
  // Live hand-off (decision 044): the chat asks the handoff feature about a visitor's turn first.
  registerVisitorTurnHook(handoffVisitorTurn);
  // Uploaded logos and the built client are public files.
  await access.declare('public', () => serveStorage(app, backend));
  await access.declare('public', () => serveClient(app, config, [v1NotFound]));
  // The live channel signs in like HTTP: the own session or a live login (docs/operations.md).
  const socketAuth = async (cookieHeader: string | undefined) =>
    cookieHeader ? (await authFromCookies(database.db, config, app.parseCookie(cookieHeader), authCache)).auth : null;
  deps.realtime = attachRealtime(app, {
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
    verifyThreadToken: (threadId, token) => verifyThreadToken(deps, threadId, token),
    origins: { appUrl: config.appUrl, isAllowedOrigin: (origin) => isEmbedOrigin(deps.db, origin) },
    verifyImageAccess: async (cookieHeader, assistantUuid) => {
      const auth = await socketAuth(cookieHeader);
      return requireAccess(auth, 'assistant.use', assistantUuid, deps).then(
        () => true,
        () => false,
      );
    },
    verifyLiveAccess: async (cookieHeader) => liveRoomsOf(deps, await socketAuth(cookieHeader)),
    verifyKnowledgeAccess: async (cookieHeader, assistantUuid) => {
      const auth = await socketAuth(cookieHeader);
      return requireAccess(auth, 'assistant.edit', assistantUuid, deps).then(
        () => true,
        () => false,
      );
    },
  });

  // Hand-off requests nobody took and held threads nobody answers: swept by every instance (each
  // step is one atomic UPDATE … RETURNING, so a thread is handled once).
  const handoffSweep = setInterval(() => void sweepHandoffs(deps).catch((err: unknown) => app.log.warn({ err }, 'handoff sweep failed')), HANDOFF_SWEEP_MS);
  handoffSweep.unref();
  app.addHook('onClose', async () => clearInterval(handoffSweep));

  // Answers a stopped process left half-written are kept as interrupted. The embedded database
  // belongs to this process alone, so at start every streaming answer is an orphan; on
  // PostgreSQL other instances may be streaming, so only stale heartbeats count.
  // Afterwards a scheduled job (chat.jobs.ts) catches answers of instances that died.
  await recoverInterruptedAnswers(deps, { all: database.kind === 'pglite' });
  await caches.ready();
  return { app, deps, access };
}

/** One log entry per request (method, route, status, time) instead of Fastify's two. */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}
  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    // Probes of a load balancer (GET /healthz every few seconds) would drown everything else.
    if (!error && request.routeOptions.config.quietLog && reply.statusCode < 400) return;
    const entry = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...entry, err: error }, 'request errored');
    else reply.log.info(entry, 'request completed');
  }
}

function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    // A /v1 path without a route (its body could not even be parsed): still OpenAI's shape.
    if (isV1Path(request.url)) return sendV1Error(error, request, reply);
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      if (error.code === 'UNAUTHENTICATED') return reply.code(401).send({ message: COMMON_MESSAGES.unauthenticated });
      const body: ApiErrorBody = { error: error.userMessage };
      if (error.fields) body.fields = error.fields;
      if (error.feedback) body.feedback = error.feedback;
      if (error.code === 'CREDITS_EMPTY') body.code = error.code;
      return reply.code(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
        if (!key) continue;
        (fields[key] ??= []).push(issue.message ?? COMMON_MESSAGES.invalidInput);
      }
      // A route may head its validation answers with one fixed sentence (config.validationMessage).
      const routeMessage = request.routeOptions.config.validationMessage;
      const first = routeMessage ?? Object.values(fields)[0]?.[0] ?? COMMON_MESSAGES.invalidInput;
      return reply.code(422).send({ error: first, fields } satisfies ApiErrorBody);
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.code(413).send({ error: COMMON_MESSAGES.payloadTooLarge });
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ error: status === 404 ? COMMON_MESSAGES.notFound : COMMON_MESSAGES.invalidInput });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ error: COMMON_MESSAGES.unknownError });
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The German sentence a 422 answer of this route leads with, instead of the first field message. */
    validationMessage?: string;
    /** Successful calls are not logged (health probes). */
    quietLog?: boolean;
  }
}
