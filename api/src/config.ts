import { z } from 'zod';
import { isPlanId, PLAN_IDS, type PlanId } from '@app/shared/browser';
import { siteBuildsStorageFromEnv, type SiteBuildsStorage } from '@app/shared/server';
import type { PasswordHashCost } from './domain/accounts/passwords.ts';
import type { StripeSettings } from './integrations/payments/stripe-provider.ts';

const PRICES_EXAMPLE = `{${PLAN_IDS.map((id) => `"${id}":"price_…"`).join(',')}}`;

/** STRIPE_PRICES: a JSON object naming a Stripe price id for plans of the catalogue, and nothing else. */
const StripePricesSchema = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: `not JSON; expected ${PRICES_EXAMPLE}` });
      return z.NEVER;
    }
  })
  .pipe(z.record(z.string(), z.string().trim().min(1, 'an empty price id'), { error: `expected a JSON object, ${PRICES_EXAMPLE}` }))
  .superRefine((prices, ctx) => {
    const unknown = Object.keys(prices).filter((id) => !isPlanId(id));
    if (unknown.length) ctx.addIssue({ code: 'custom', message: `no plan ${unknown.map((id) => `"${id}"`).join(', ')} in the catalogue (its plans: ${PLAN_IDS.join(', ')})` });
  })
  .transform((prices) => PLAN_IDS.reduce<Partial<Record<PlanId, string>>>((known, id) => (prices[id] ? { ...known, [id]: prices[id] } : known), {}));

/** Every environment variable the API reads; the README lists the same set. */
const EnvSchema = z.object({
  NODE_ENV: z.string().default('development'),
  API_PORT: z.coerce.number().int().default(3001),
  API_HOST: z.string().default('127.0.0.1'),
  /** A unix socket path the API also listens on (the local front door relays reads through it); unset: the TCP port only. */
  API_SOCKET: z.string().optional(),
  DATABASE_URL: z.string().min(1, 'DATABASE_URL is required (scripts/start.mjs sets it for the embedded database)'),
  CMS_URL: z.string().default('http://127.0.0.1:3002'),
  INTERNAL_SECRET: z.string().min(16, 'INTERNAL_SECRET must be at least 16 characters'),
  LOG_LEVEL: z.string().default('info'),
  SITE_DIR: z.string().optional(),
  SITE_BUILDS_DIR: z.string().optional(),
  REBUILD_DEBOUNCE_MS: z.coerce.number().int().min(0).default(500),
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  EXTRA_ORIGINS: z.string().default(''),
  SMTP_URL: z.string().optional(),
  /** Unset: the site's name (from its settings) at no-reply@ PUBLIC_URL's host. */
  MAIL_FROM: z.string().optional(),
  DEMO_ACCOUNTS: z.enum(['true', 'false']).default('false'),
  ADMIN_USERNAME: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  ADMIN_EMAIL: z.string().optional(),
  TRUST_PROXY: z.string().default('loopback'),
  REGISTER_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(20),
  REGISTER_DOMAIN_BURST: z.coerce.number().int().min(1).default(30),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Each plan of the catalogue (@app/shared plans.ts) → its Stripe price id, as one JSON object. */
  STRIPE_PRICES: StripePricesSchema.optional(),
  /** Deprecated (STRIPE_PRICES replaces them): the Stripe prices of pro-month and pro-year. */
  STRIPE_PRICE_MONTHLY: z.string().optional(),
  STRIPE_PRICE_YEARLY: z.string().optional(),
  /** Another Stripe API address (a local stand-in speaking Stripe's wire format); unset: Stripe itself. */
  STRIPE_API_BASE: z.string().url().optional(),
  MEMBERSHIP_CHECK_INTERVAL_MS: z.coerce.number().int().min(1000).default(60_000),
  /** light: cheap password hashes for test stacks (domain/accounts/passwords.ts); refused in production. */
  PASSWORD_HASH_COST: z.enum(['standard', 'light']).default('standard'),
  YOUTUBE_API_KEY: z.string().optional(),
  /** The channel synced by default and daily: a handle (@name) or a channel id (UC…). */
  YOUTUBE_CHANNEL_HANDLE: z.string().optional(),
  /** Another YouTube Data API address (a local stand-in speaking its wire format); unset: Google's. */
  YOUTUBE_API_URL: z.string().url().optional(),
  /** How often the daily sync checks whether a day has passed since the last run. */
  VIDEO_SYNC_CHECK_INTERVAL_MS: z.coerce.number().int().min(1000).default(60 * 60_000),
  SCHEDULED_PUBLISHING_INTERVAL_MS: z.coerce.number().int().min(1000).default(15_000),
  NOTIFICATION_MAIL_INTERVAL_MS: z.coerce.number().int().min(1000).default(10_000),
  NOTIFICATION_DIGEST_INTERVAL_MS: z.coerce.number().int().min(1000).default(900_000),
  NEWSLETTER_INTERVAL_MS: z.coerce.number().int().min(1000).default(5_000),
  NEWSLETTER_MAILS_PER_SECOND: z.coerce.number().int().min(1).max(10_000).default(50),
  /** D-ID's API key (as D-ID issues it, for Basic auth); unset: the offline presenters. */
  DID_API_KEY: z.string().optional(),
  /** Another D-ID API address (a local stand-in speaking its wire format); unset: D-ID's. */
  DID_API_URL: z.string().url().optional(),
  /** The site's source for deployments (a git URL or path); unset: builds use SITE_DIR and Deploy only rebuilds. */
  DEPLOY_REPOSITORY: z.string().optional(),
  DEPLOY_BRANCH: z.string().regex(/^[\w./-]+$/).default('main'),
  /** Where the deploy working copy lives; default: beside SITE_BUILDS_DIR. */
  DEPLOY_WORK_DIR: z.string().optional(),
  GITHUB_WEBHOOK_SECRET: z.string().optional(),
});

/** The settings STRIPE_PRICES replaced, one per plan; still read when it is unset (docs/decisions.md). */
const DEPRECATED_PRICE_SETTINGS = { STRIPE_PRICE_MONTHLY: 'pro-month', STRIPE_PRICE_YEARLY: 'pro-year' } as const satisfies Record<string, PlanId>;

type Env = z.infer<typeof EnvSchema>;

/** Stripe when its keys and a price for every plan are set; none of them: the offline provider; anything between refuses to start. */
function stripeSettings(e: Env): { stripe: StripeSettings | null; problems: string[] } {
  const deprecated = (Object.keys(DEPRECATED_PRICE_SETTINGS) as (keyof typeof DEPRECATED_PRICE_SETTINGS)[]).filter((key) => e[key]);
  if (e.STRIPE_PRICES && deprecated.length) return { stripe: null, problems: [`STRIPE_PRICES replaces ${deprecated.join(' and ')}: set STRIPE_PRICES only`] };
  const prices: Partial<Record<PlanId, string>> = e.STRIPE_PRICES ?? Object.fromEntries(deprecated.map((key) => [DEPRECATED_PRICE_SETTINGS[key], e[key]]));
  const keys = { STRIPE_SECRET_KEY: e.STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY: e.STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: e.STRIPE_WEBHOOK_SECRET };
  const missingKeys = Object.entries(keys).filter(([, v]) => !v).map(([k]) => k);
  const missingPlans = PLAN_IDS.filter((id) => !prices[id]);
  if (missingKeys.length === Object.keys(keys).length && missingPlans.length === PLAN_IDS.length) return { stripe: null, problems: [] };
  const problems = [
    ...(missingKeys.length ? [`Stripe needs all of its settings; missing: ${missingKeys.join(', ')}`] : []),
    ...(missingPlans.length ? [`STRIPE_PRICES: Stripe needs a price for every plan of the catalogue; missing: ${missingPlans.join(', ')}`] : []),
  ];
  if (problems.length) return { stripe: null, problems };
  return {
    stripe: {
      secretKey: keys.STRIPE_SECRET_KEY!,
      publishableKey: keys.STRIPE_PUBLISHABLE_KEY!,
      webhookSecret: keys.STRIPE_WEBHOOK_SECRET!,
      prices: Object.fromEntries(PLAN_IDS.map((id) => [id, prices[id]!])) as Record<PlanId, string>,
      ...(e.STRIPE_API_BASE ? { api: stripeApi(e.STRIPE_API_BASE) } : {}),
    },
    problems: [],
  };
}

export type Config = {
  env: string;
  port: number;
  host: string;
  /** A unix socket the API also listens on (API_SOCKET); null: the TCP port only. */
  socketPath: string | null;
  databaseUrl: string;
  cmsUrl: string;
  internalSecret: string;
  logLevel: string;
  siteDir: string | undefined;
  siteBuildsDir: string | undefined;
  /** SITE_BUILDS_S3_*: builds are published to this bucket and site servers fetch them; null: the local builds folder. */
  siteBuildsStorage: SiteBuildsStorage | null;
  rebuildDebounceMs: number;
  publicUrl: string;
  extraOrigins: string[];
  smtpUrl: string | undefined;
  /** MAIL_FROM, or null: the site's name at a no-reply address of PUBLIC_URL's host. */
  mailFrom: string | null;
  demoAccounts: boolean;
  firstAdmin: { username: string; password: string; email: string } | null;
  trustProxy: TrustProxy;
  registerLimits: { perAddressPerHour: number; perDomainPerTenMinutes: number };
  /** Stripe when its keys and every plan's price are set (STRIPE_PRICES); otherwise the offline demo provider. */
  stripe: StripeSettings | null;
  membershipCheckIntervalMs: number;
  /** The cost of new password hashes: standard (OWASP's argon2id), or light outside production. */
  passwordHashCost: PasswordHashCost;
  /** The YouTube Data API when YOUTUBE_API_KEY is set; otherwise the sync answers "not configured". */
  youtube: { apiKey: string; baseUrl: string | undefined } | null;
  youtubeChannel: string | null;
  videoSyncCheckIntervalMs: number;
  /** How often one instance looks for a scheduled publish or unpublish time that has passed. */
  scheduledPublishingIntervalMs: number;
  notificationMailIntervalMs: number;
  notificationDigestIntervalMs: number;
  newsletterIntervalMs: number;
  newsletterMailsPerSecond: number;
  /** D-ID's talking presenters when DID_API_KEY is set; otherwise the offline presenters. */
  did: { apiKey: string; baseUrl: string | undefined } | null;
  /** A repository to deploy from (git), or null: the site is built from SITE_DIR. */
  deploySource: { repository: string; branch: string; workDir: string | undefined } | null;
  githubWebhookSecret: string | null;
};

/** Express's `trust proxy`: hops whose X-Forwarded-For is believed (a count, addresses/subnets, or true/false). */
export type TrustProxy = boolean | number | string | string[];

export function parseTrustProxy(value: string): TrustProxy {
  const v = value.trim();
  if (v === 'true') return true;
  if (v === 'false' || v === '') return false;
  if (/^\d+$/.test(v)) return Number(v);
  return v.split(',').map((s) => s.trim()).filter(Boolean);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid API configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const { stripe, problems } = stripeSettings(e);
  if (problems.length) throw new Error(`Invalid API configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  if (e.NODE_ENV === 'production' && !e.SMTP_URL) {
    // Without a transport every mail, reset links included, would sit readable in the outbox.
    throw new Error('Invalid API configuration:\n  SMTP_URL: required when NODE_ENV=production (mail must be delivered, not kept in the outbox)');
  }
  if (e.NODE_ENV === 'production' && e.PASSWORD_HASH_COST === 'light') {
    throw new Error('Invalid API configuration:\n  PASSWORD_HASH_COST: light is for test stacks, refused when NODE_ENV=production');
  }
  return {
    env: e.NODE_ENV,
    port: e.API_PORT,
    host: e.API_HOST,
    socketPath: e.API_SOCKET?.trim() || null,
    databaseUrl: e.DATABASE_URL,
    cmsUrl: e.CMS_URL.replace(/\/$/, ''),
    internalSecret: e.INTERNAL_SECRET,
    logLevel: e.LOG_LEVEL,
    siteDir: e.SITE_DIR,
    siteBuildsDir: e.SITE_BUILDS_DIR,
    siteBuildsStorage: siteBuildsStorageFromEnv(env),
    rebuildDebounceMs: e.REBUILD_DEBOUNCE_MS,
    publicUrl: e.PUBLIC_URL.replace(/\/$/, ''),
    extraOrigins: e.EXTRA_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean),
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM?.trim() || null,
    // Demo accounts exist only outside production, whatever the flag says (DESIGN §7.11).
    demoAccounts: e.DEMO_ACCOUNTS === 'true' && e.NODE_ENV !== 'production',
    firstAdmin:
      e.ADMIN_USERNAME && e.ADMIN_PASSWORD
        ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD, email: e.ADMIN_EMAIL || `${e.ADMIN_USERNAME.toLowerCase()}@localhost` }
        : null,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    registerLimits: { perAddressPerHour: e.REGISTER_LIMIT_PER_HOUR, perDomainPerTenMinutes: e.REGISTER_DOMAIN_BURST },
    stripe,
    membershipCheckIntervalMs: e.MEMBERSHIP_CHECK_INTERVAL_MS,
    passwordHashCost: e.PASSWORD_HASH_COST,
    youtube: e.YOUTUBE_API_KEY ? { apiKey: e.YOUTUBE_API_KEY, baseUrl: e.YOUTUBE_API_URL } : null,
    youtubeChannel: e.YOUTUBE_CHANNEL_HANDLE?.trim() || null,
    videoSyncCheckIntervalMs: e.VIDEO_SYNC_CHECK_INTERVAL_MS,
    scheduledPublishingIntervalMs: e.SCHEDULED_PUBLISHING_INTERVAL_MS,
    notificationMailIntervalMs: e.NOTIFICATION_MAIL_INTERVAL_MS,
    notificationDigestIntervalMs: e.NOTIFICATION_DIGEST_INTERVAL_MS,
    newsletterIntervalMs: e.NEWSLETTER_INTERVAL_MS,
    newsletterMailsPerSecond: e.NEWSLETTER_MAILS_PER_SECOND,
    did: e.DID_API_KEY?.trim() ? { apiKey: e.DID_API_KEY.trim(), baseUrl: e.DID_API_URL } : null,
    deploySource: e.DEPLOY_REPOSITORY?.trim() ? { repository: e.DEPLOY_REPOSITORY.trim(), branch: e.DEPLOY_BRANCH, workDir: e.DEPLOY_WORK_DIR } : null,
    githubWebhookSecret: e.GITHUB_WEBHOOK_SECRET?.trim() || null,
  };
}

function stripeApi(base: string): NonNullable<StripeSettings['api']> {
  const u = new URL(base);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { host: u.hostname, port: Number(u.port || (protocol === 'http' ? 80 : 443)), protocol };
}
