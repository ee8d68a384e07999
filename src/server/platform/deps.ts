import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Mailer } from './mail.ts';
import type { Storage } from './storage.ts';
import type { Throttle } from './throttle.ts';

/** What every service function may use; built once in app.ts. */
export interface Deps {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
  throttle: Throttle;
  storage: Storage;
  log: FastifyBaseLogger;
}
