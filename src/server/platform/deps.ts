import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { AiGateway } from '../ai/gateway.ts';
import type { ProviderRegistry } from '../ai/registry.ts';
import type { Jobs } from './jobs.ts';
import type { Mailer } from './mail.ts';
import type { Realtime } from './realtime.ts';
import type { PrivateStore, Storage } from './storage.ts';
import type { Secrets } from './secrets.ts';
import type { Throttle } from './throttle.ts';
import type { RowOwner } from './row-owners.ts';
import type { NotifiedCaches } from './notified-cache.ts';

/** What every service function may use; built once in app.ts. */
export interface Deps {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
  /** Background jobs (pg-boss): define at build time, send inside business transactions. */
  jobs: Jobs;
  throttle: Throttle;
  storage: Storage;
  privateFiles: PrivateStore;
  /** The only way to an AI provider: every call passes the request's privacy gate. */
  ai: AiGateway;
  /** Which provider serves which capability (environment, overridden in Insight); the gateway reads its models. */
  providers: ProviderRegistry;
  /** Encryption of secrets at rest (MCP headers). */
  secrets: Secrets;
  /** Who erases which rows (row-owners.ts); filled by the app's wiring, in erasure order. */
  rowOwners: RowOwner[];
  /** In-memory caches kept correct by the database's notifications (notified-cache.ts). */
  caches: NotifiedCaches;
  /** Live progress channel; attached once the HTTP server exists. */
  realtime?: Realtime;
  log: FastifyBaseLogger;
}
