import fs from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { emailSchema } from '@shared/auth-schemas';
import { z } from 'zod';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const logFormats = ['json', 'pretty'] as const;

/** Which peers may tell the client's address and scheme (X-Forwarded-For, X-Forwarded-Proto). */
export type TrustProxy = false | number | string[];

// proxy-addr's names for address ranges (what Fastify's trustProxy accepts besides addresses).
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One TRUST_PROXY entry: an address, an address/prefix, or a named range; else why not. */
function trustedEntryProblem(entry: string): string | undefined {
  if (NAMED_RANGES.has(entry)) return undefined;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return `"${entry}" is not an address or a CIDR range`;
  if (prefix === undefined) return undefined;
  const bits = version === 4 ? 32 : 128;
  // Not /0: a range of every address is "trust everybody" (proxy-addr refuses it too).
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) < 1 || Number(prefix) > bits) {
    return `"${entry}" has a prefix length outside 1-${bits}`;
  }
  return undefined;
}

/**
 * TRUST_PROXY: unset (or 0) trusts nobody, so X-Forwarded-* headers are ignored; a whole number
 * trusts that many proxy hops in front of the app; otherwise a comma-separated list of the
 * proxies' addresses or CIDR ranges (or loopback, linklocal, uniquelocal).
 */
const trustProxySchema = z
  .string()
  .optional()
  .transform((value, ctx): TrustProxy => {
    if (value === undefined) return false;
    const text = value.trim();
    if (/^\d+$/.test(text)) return Number(text) === 0 ? false : Number(text);
    if (/^(true|yes|on|all|\*)$/i.test(text)) {
      ctx.addIssue({
        code: 'custom',
        message:
          'trusting every peer would let any client choose its address: give the number of proxies in front of the app (1 for one nginx) or their addresses',
      });
      return z.NEVER;
    }
    const entries = text.split(',').map((entry) => entry.trim());
    const problems = entries.map((entry) =>
      entry === '' ? 'an empty entry' : trustedEntryProblem(entry),
    );
    const problem = problems.find((p) => p !== undefined);
    if (problem) {
      ctx.addIssue({
        code: 'custom',
        message: `${problem}: expected a number of proxy hops, or a comma-separated list of addresses and CIDR ranges (e.g. 127.0.0.1 or 10.0.0.0/8)`,
      });
      return z.NEVER;
    }
    return entries;
  });

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const envSchema = z
  .object({
    NODE_ENV: z.preprocess(emptyToUndefined, z.string().default('development')),
    PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
    HOST: z.preprocess(emptyToUndefined, z.string().default('127.0.0.1')),
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection string')
        .optional(),
    ),
    // Addition beyond CONTRACT.md (issue 20): connections in each instance's pool.
    DATABASE_POOL_MAX: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number('must be a whole number')
        .int('must be a whole number')
        .min(1, 'must be at least 1')
        .max(1000, 'must be at most 1000')
        .default(10),
    ),
    DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
    ADMIN_EMAIL: z.preprocess(emptyToUndefined, emailSchema.optional()),
    ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(8).optional()),
    ADMIN_NAME: z.preprocess(emptyToUndefined, z.string().trim().min(1).optional()),
    SESSION_SECRET: z.preprocess(
      emptyToUndefined,
      z.string().min(32, 'must be at least 32 characters').optional(),
    ),
    PUBLIC_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
    SMTP_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
        .optional(),
    ),
    MAIL_FROM: z.preprocess(emptyToUndefined, z.string().optional()),
    LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(logLevels).default('info')),
    // Additions beyond CONTRACT.md (issue 8): absolute and idle lifetime of a session.
    SESSION_MAX_AGE_HOURS: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number('must be a whole number of hours')
        .int('must be a whole number of hours')
        .min(1, 'must be at least 1 hour')
        .max(24 * 366, 'must be at most a year')
        .default(168),
    ),
    SESSION_IDLE_MINUTES: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number('must be a whole number of minutes')
        .int('must be a whole number of minutes')
        .min(5, 'must be at least 5 minutes')
        .max(60 * 24 * 366, 'must be at most a year')
        .default(720),
    ),
    BENCH_FLOOR: z.preprocess(emptyToUndefined, z.enum(['0', '1']).optional()),
    // Additions of issue 20: running behind a reverse proxy, and the log's format.
    TRUST_PROXY: z.preprocess(emptyToUndefined, trustProxySchema),
    LOG_FORMAT: z.preprocess(emptyToUndefined, z.enum(logFormats).optional()),
    // Addition of issue 34: how often each instance looks for the review clock's due jobs.
    REVIEW_CLOCK_POLL_SECONDS: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number('must be a number of seconds')
        .min(0.1, 'must be at least 0.1 seconds')
        .max(60, 'must be at most 60 seconds (a deadline closes within this)')
        .default(15),
    ),
  })
  .superRefine((env, ctx) => {
    if (env.ADMIN_EMAIL && !env.ADMIN_PASSWORD) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_PASSWORD'],
        message: 'is required (at least 8 characters) when ADMIN_EMAIL is set',
      });
    }
    if (env.SESSION_IDLE_MINUTES > env.SESSION_MAX_AGE_HOURS * 60) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_IDLE_MINUTES'],
        message: 'must not exceed SESSION_MAX_AGE_HOURS',
      });
    }
    if (env.NODE_ENV === 'production' && env.DATABASE_URL && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: 'is required when NODE_ENV=production and DATABASE_URL is set',
      });
    }
  });

export type Config = {
  env: string;
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** Connections in the pool (the LISTEN connection of the auth cache is one more). */
  databasePoolMax: number;
  dataDir: string;
  admin: { email: string; password: string; name: string } | undefined;
  sessionSecret: string | undefined;
  publicUrl: string;
  secureCookies: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: (typeof logLevels)[number];
  /** A session ends this long after sign-in, however active. */
  sessionMaxAgeMs: number;
  /** A session ends after this long without a request. */
  sessionIdleMs: number;
  /** BENCH_FLOOR=1: serve GET /api/bench/floor for `npm run bench` (never in production). */
  benchFloor: boolean;
  /** Fastify's trustProxy: whose X-Forwarded-For and X-Forwarded-Proto are believed. */
  trustProxy: TrustProxy;
  /** LOG_FORMAT; unset: pretty on a terminal, JSON otherwise (decided where the log is written). */
  logFormat: (typeof logFormats)[number] | undefined;
  /** How often the review clock's due jobs are looked for (a deadline closes within this). */
  reviewClockPollMs: number;
};

export class ConfigError extends Error {}

/**
 * The process's environment over the variables of `.env` in the working directory, if there is
 * one: a variable set in the environment (even empty) wins, as with `node --env-file`.
 */
export function readEnvironment(
  env: NodeJS.ProcessEnv = process.env,
  file = path.resolve('.env'),
): NodeJS.ProcessEnv {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return env;
    throw new ConfigError(`Could not read ${file}: ${(error as Error).message}`);
  }
  return { ...parseEnv(text), ...env };
}

/**
 * Parses the environment (with `.env`, see readEnvironment) once; nothing else in the server
 * reads process.env.
 */
export function loadConfig(env: NodeJS.ProcessEnv = readEnvironment()): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    dataDir: path.resolve(e.DATA_DIR),
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD, name: e.ADMIN_NAME ?? 'Admin' }
        : undefined,
    sessionSecret: e.SESSION_SECRET,
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'Assay <no-reply@localhost>',
    logLevel: e.LOG_LEVEL,
    sessionMaxAgeMs: e.SESSION_MAX_AGE_HOURS * 60 * 60 * 1000,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60 * 1000,
    benchFloor: e.BENCH_FLOOR === '1',
    trustProxy: e.TRUST_PROXY,
    logFormat: e.LOG_FORMAT,
    reviewClockPollMs: Math.round(e.REVIEW_CLOCK_POLL_SECONDS * 1000),
  };
}
