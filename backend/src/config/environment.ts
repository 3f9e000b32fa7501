import { plainToInstance, Transform, Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsEmail,
  IsUrl,
  Matches,
  Max,
  Min,
  MinLength,
  validateSync,
  ValidateBy,
  ValidateIf,
  type ValidationArguments,
} from 'class-validator';
import { parseImapUrl } from './imap-url.js';
import { adminPasswordProblem, sessionSecretProblem } from './secret-strength.js';

/** What is wrong with an IMAP_URL (never the URL itself: it holds a password), or null. */
function imapUrlProblem(value: string): string | null {
  try {
    parseImapUrl(value);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

const emptyToUndefined = ({ value }: { value: unknown }) => (value === '' ? undefined : value);

/** In production, refuses a secret that `problem` finds fault with (its message names the variable). */
function StrongInProduction(problem: (secret: string, env: Environment) => string | null) {
  const check = ({ value, object }: ValidationArguments) =>
    (object as Environment).NODE_ENV === 'production' && typeof value === 'string' ? problem(value, object as Environment) : null;
  return ValidateBy({
    name: 'strongInProduction',
    validator: {
      validate: (_value, args) => check(args!) === null,
      defaultMessage: (args) => check(args!) ?? '',
    },
  });
}

/**
 * Every environment variable the API reads, checked once at start-up.
 * Code reads them through `ConfigService<Environment, true>`, never `process.env`.
 */
export class Environment {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @Matches(/^postgres(ql)?:\/\/.+/, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL!: string;

  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(65535)
  PORT = 3000;

  /**
   * Port of the Prometheus text (`GET /metrics`, src/metrics/), a plain HTTP server of its own
   * on HOST: never the API's port, so nginx (which proxies only /api/ to PORT) never serves it.
   * `0` starts no server.
   */
  @Type(() => Number)
  @IsInt({ message: 'METRICS_PORT must be a port number (0 turns the metrics off)' })
  @Min(0, { message: 'METRICS_PORT must be a port number (0 turns the metrics off)' })
  @Max(65535, { message: 'METRICS_PORT must be a port number (0 turns the metrics off)' })
  METRICS_PORT = 9464;

  /** Interface to listen on: every one in a container; `make serve` keeps it to loopback behind nginx. */
  @IsString()
  @MinLength(1)
  HOST = '0.0.0.0';

  // Time limits of the request pool (database/data-source.ts); together well under nginx's
  // 30 s proxy_read_timeout, so that a visitor gets the API's 503 rather than nginx's.
  @Type(() => Number)
  @IsInt()
  @Min(100)
  @Max(10_000)
  DATABASE_ACQUIRE_TIMEOUT_MS = 5_000;

  @Type(() => Number)
  @IsInt()
  @Min(100)
  @Max(20_000)
  DATABASE_STATEMENT_TIMEOUT_MS = 5_000;

  // SIGTERM: how long to keep serving (with Connection: close) while proxies notice.
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(15_000)
  SHUTDOWN_DELAY_MS = 5_000;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(1)
  ADMIN_USERNAME?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsEmail({}, { message: 'ADMIN_EMAIL must be an e-mail address' })
  ADMIN_EMAIL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @ValidateIf((env: Environment) => env.NODE_ENV === 'production' && env.ADMIN_PASSWORD !== undefined)
  @StrongInProduction((password, env) => adminPasswordProblem(password, { username: env.ADMIN_USERNAME, email: env.ADMIN_EMAIL }))
  ADMIN_PASSWORD?: string;

  /**
   * `true` for one start: the env admin's password is set from ADMIN_PASSWORD again and the
   * account made an active admin (a forgotten password, a lock-out). Otherwise an existing
   * account of ADMIN_USERNAME is left as the team made it.
   */
  @Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' || value === '' ? false : value))
  @IsBoolean({ message: 'ADMIN_RESET must be true or false' })
  ADMIN_RESET = false;

  @Transform(emptyToUndefined)
  @ValidateIf((env: Environment) => env.NODE_ENV === 'production' || env.SESSION_SECRET !== undefined)
  @IsString({ message: 'SESSION_SECRET is required in production' })
  @MinLength(32, { message: 'SESSION_SECRET must be at least 32 characters' })
  @StrongInProduction(sessionSecretProblem)
  SESSION_SECRET?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true, require_tld: false },
    { message: 'SHEETS_WEBHOOK_URL must be an http(s) URL' },
  )
  SHEETS_WEBHOOK_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  SHEETS_WEBHOOK_SECRET?: string;

  // Delivery engine tunables (src/deliveries/: spreadsheet, webhooks): production defaults spread ~14 attempts over about a day.
  @Type(() => Number)
  @IsInt()
  @Min(100)
  DELIVERY_ATTEMPT_TIMEOUT_MS = 15_000;

  @Type(() => Number)
  @IsInt()
  @Min(1)
  DELIVERY_RETRY_BASE_MS = 30_000;

  @Type(() => Number)
  @IsInt()
  @Min(1)
  DELIVERY_MAX_ATTEMPTS = 14;

  @Type(() => Number)
  @IsInt()
  @Min(10)
  DELIVERY_POLL_INTERVAL_MS = 5_000;

  /** How often each process looks for leads past their response target and follow-ups due (src/response-time/). */
  @Type(() => Number)
  @IsInt({ message: 'RESPONSE_SCAN_INTERVAL_MS must be a whole number' })
  @Min(100, { message: 'RESPONSE_SCAN_INTERVAL_MS must be at least 100' })
  RESPONSE_SCAN_INTERVAL_MS = 30_000;

  /** Webhook URLs may be http: and may resolve to loopback, private, link-local or metadata addresses (tests, development). */
  @Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: 'WEBHOOKS_ALLOW_PRIVATE must be true or false' })
  WEBHOOKS_ALLOW_PRIVATE = false;

  @Type(() => Number)
  @IsInt()
  @Min(1)
  CONTACT_RATE_LIMIT = 10;

  /** Auto-replies to visitors that leave in all per hour (src/auto-reply/): the form cannot be made a mass mailer. */
  @Type(() => Number)
  @IsInt({ message: 'AUTO_REPLY_MAX_PER_HOUR must be a whole number' })
  @Min(1, { message: 'AUTO_REPLY_MAX_PER_HOUR must be at least 1' })
  AUTO_REPLY_MAX_PER_HOUR = 60;

  /**
   * Of those, at most this many an hour to the submissions of one /24 (IPv4) or /64 (IPv6):
   * a bot on one network cannot spend the hour's budget of the real visitors.
   */
  @Type(() => Number)
  @IsInt({ message: 'AUTO_REPLY_MAX_PER_NETWORK must be a whole number' })
  @Min(1, { message: 'AUTO_REPLY_MAX_PER_NETWORK must be at least 1' })
  AUTO_REPLY_MAX_PER_NETWORK = 5;

  /** The dashboard's event stream sends a comment line this often (under nginx's 30 s read timeout). */
  @Type(() => Number)
  @IsInt()
  @Min(10)
  @Max(25_000)
  EVENTS_HEARTBEAT_MS = 25_000;

  @Type(() => Number)
  @IsInt()
  @Min(0)
  TRUST_PROXY = 1;

  /** Submissions older than this many days are erased once a day (src/erasure/); unset keeps them. */
  @Transform(({ value }: { value: unknown }) => (value === '' || value === undefined ? undefined : Number(value)))
  @IsOptional()
  @IsInt({ message: 'RETENTION_DAYS must be a whole number of days' })
  @Min(1, { message: 'RETENTION_DAYS must be at least 1' })
  RETENTION_DAYS?: number;

  /**
   * Spam (src/intake/spam/): a submission whose score (0–100) reaches SPAM_THRESHOLD is held, status
   * `spam`, and nothing leaves for it. 50: one strong signal holds, the weak ones (at most 40
   * together) never do (docs/decisions/ on the weights). `SPAM_FILTER=off` scores nothing.
   */
  @Type(() => Number)
  @IsInt({ message: 'SPAM_THRESHOLD must be a whole number from 41 to 100' })
  @Min(41, { message: 'SPAM_THRESHOLD must be a whole number from 41 to 100' })
  @Max(100, { message: 'SPAM_THRESHOLD must be a whole number from 41 to 100' })
  SPAM_THRESHOLD = 50;

  @IsIn(['on', 'off'], { message: 'SPAM_FILTER must be on or off' })
  SPAM_FILTER: 'on' | 'off' = 'on';

  /** Held spam older than this many days is erased once a day, like RETENTION_DAYS. */
  @Type(() => Number)
  @IsInt({ message: 'SPAM_RETENTION_DAYS must be a whole number of days' })
  @Min(1, { message: 'SPAM_RETENTION_DAYS must be at least 1' })
  SPAM_RETENTION_DAYS = 30;

  /** An optional captcha on the form; its token is verified before the submission is stored. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(['turnstile', 'hcaptcha'], { message: 'CAPTCHA_PROVIDER must be turnstile or hcaptcha' })
  CAPTCHA_PROVIDER?: 'turnstile' | 'hcaptcha';

  @Transform(emptyToUndefined)
  @ValidateIf((env: Environment) => env.CAPTCHA_PROVIDER !== undefined)
  @IsString({ message: 'CAPTCHA_SITE_KEY is required with CAPTCHA_PROVIDER' })
  @MinLength(1, { message: 'CAPTCHA_SITE_KEY is required with CAPTCHA_PROVIDER' })
  CAPTCHA_SITE_KEY?: string;

  @Transform(emptyToUndefined)
  @ValidateIf((env: Environment) => env.CAPTCHA_PROVIDER !== undefined)
  @IsString({ message: 'CAPTCHA_SECRET is required with CAPTCHA_PROVIDER' })
  @MinLength(1, { message: 'CAPTCHA_SECRET is required with CAPTCHA_PROVIDER' })
  CAPTCHA_SECRET?: string;

  /** The provider's verify endpoint by default (src/intake/spam/captcha-verifier.service.ts). */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true, require_tld: false },
    { message: 'CAPTCHA_VERIFY_URL must be an http(s) URL' },
  )
  CAPTCHA_VERIFY_URL?: string;

  /**
   * Where e-mail goes (src/mail/): `smtp://user:pass@host:587` (STARTTLS when the server
   * offers it; `?requireTLS=true` insists), `smtps://…:465` for implicit TLS. Unset: no e-mail.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^smtps?:\/\/[^/?#]+/, { message: 'SMTP_URL must be an smtp:// or smtps:// URL' })
  SMTP_URL?: string;

  /** The sender of every e-mail: `address` or `Name <address>`; required with SMTP_URL. */
  @Transform(emptyToUndefined)
  @ValidateIf((env: Environment) => env.SMTP_URL !== undefined || env.MAIL_FROM !== undefined)
  @Matches(/^([^<>]*<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/, {
    message: 'MAIL_FROM must be an e-mail address or "Name <address>", and is required with SMTP_URL',
  })
  MAIL_FROM?: string;

  /**
   * The site's origin, the one source of every link in e-mails and webhooks (never a
   * request's Host); required with SMTP_URL in every environment.
   */
  @Transform(emptyToUndefined)
  @ValidateIf((env: Environment) => env.PUBLIC_URL !== undefined || env.SMTP_URL !== undefined)
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true, require_tld: false },
    { message: 'PUBLIC_URL must be the http(s) origin of the site, and is required with SMTP_URL' },
  )
  PUBLIC_URL?: string;

  /**
   * The mailbox that receives the leads' replies (src/conversation/): each message sent to a
   * lead carries `Reply-To: <local>+<token>@<domain>` of it. Unset: no Reply-To is added
   * (replies go to MAIL_FROM and are matched by their thread or address when they come in).
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^[A-Za-z0-9.!#$%&'*/=?^_`{|}~-]+@[^\s<>@+]+\.[^\s<>@+]+$/, {
    message: 'REPLY_ADDRESS must be a bare e-mail address without a +tag (e.g. replies@team.example.com)',
  })
  REPLY_ADDRESS?: string;

  /** The bearer secret of `POST /api/inbound/email`; unset: that route answers 404. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'INBOUND_EMAIL_SECRET must be at least 32 characters' })
  INBOUND_EMAIL_SECRET?: string;

  /** The secret of the Cal.com webhook (its `X-Cal-Signature-256`); unset: `POST /api/integrations/calcom` answers 404. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'CALCOM_WEBHOOK_SECRET must be at least 32 characters' })
  CALCOM_WEBHOOK_SECRET?: string;

  /** The signing key of the Calendly webhook subscription; unset: `POST /api/integrations/calendly` answers 404. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'CALENDLY_WEBHOOK_SIGNING_KEY must be at least 32 characters' })
  CALENDLY_WEBHOOK_SIGNING_KEY?: string;

  /**
   * The mailbox the API fetches the leads' replies from (src/conversation/imap-poller.service.ts):
   * `imaps://user:pass@host:993/INBOX`, or `imap://…:143/…` (STARTTLS when the server offers
   * it); user and password URL-encoded, the folder INBOX when the path is empty. Unset: no polling.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @ValidateBy({
    name: 'imapUrl',
    validator: {
      validate: (value) => typeof value === 'string' && imapUrlProblem(value) === null,
      defaultMessage: (args) =>
        `IMAP_URL must be imaps://user:pass@host[:993]/folder or imap://user:pass@host[:143]/folder (${imapUrlProblem(String(args?.value)) ?? 'not a string'})`,
    },
  })
  IMAP_URL?: string;

  /** How often the replica holding the mailbox looks for new mail when IDLE tells it nothing, and the others try to take over. */
  @Type(() => Number)
  @IsInt({ message: 'IMAP_POLL_INTERVAL_MS must be a whole number of milliseconds from 100' })
  @Min(100, { message: 'IMAP_POLL_INTERVAL_MS must be a whole number of milliseconds from 100' })
  IMAP_POLL_INTERVAL_MS = 60_000;

  /** The largest attachment of an incoming message whose content is kept (MB); larger ones are listed without it. */
  @Type(() => Number)
  @IsInt({ message: 'INBOUND_ATTACHMENT_MAX_MB must be a whole number of megabytes from 1 to 25' })
  @Min(1, { message: 'INBOUND_ATTACHMENT_MAX_MB must be a whole number of megabytes from 1 to 25' })
  @Max(25, { message: 'INBOUND_ATTACHMENT_MAX_MB must be a whole number of megabytes from 1 to 25' })
  INBOUND_ATTACHMENT_MAX_MB = 10;

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  /**
   * Whether the API runs pending migrations at start-up (compose, development). `false`
   * where one step of its own owns them, as the Kubernetes Job does.
   */
  @Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: 'MIGRATE_ON_START must be true or false' })
  MIGRATE_ON_START = true;
}

/** Validates the raw environment; throws one error naming every bad variable. */
export function validateEnvironment(raw: Record<string, unknown>): Environment {
  const env = plainToInstance(Environment, raw, { exposeDefaultValues: true });
  const errors = validateSync(env, { whitelist: false, skipMissingProperties: false });
  if (errors.length > 0) {
    const details = new Set(errors.flatMap((error) => Object.values(error.constraints ?? {})));
    throw new Error(`Invalid environment: ${[...details].join('; ')}`);
  }
  return env;
}
