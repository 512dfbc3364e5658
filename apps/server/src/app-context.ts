import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Mailer } from './platform/mail/mailer';
import type { RateLimiter } from './platform/rate-limit';

/** What every module receives: configuration and the shared platform services. */
export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  rateLimiter: RateLimiter;
};
