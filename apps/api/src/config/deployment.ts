import type { SandboxSeed } from '@fed/sandbox-elma';
import type { SandboxOptions, SandboxTwinOptions } from '@fed/sandbox-mount';
import type { AppConfig } from './app-config';
import type { Env } from './env';
import { mailGoesToTwin } from './mail-config';
import {
  PAYMENT_NOTIFICATIONS_PATH,
  paymentsGoToTwin,
  YOOKASSA_TWIN_PATH,
  type PaymentsConfig,
} from './payments-config';
import { PLATFORM_ID_VARIABLES } from './public-config';
import { smsGoesToTwin, SMS_RU_TWIN_PATH } from './upstreams-config';

export type { SandboxSeed };

/**
 * What kind of deployment this is, decided by `PLATFORM_URL` alone:
 *
 * - `sandbox` (unset): the platform is the twin this process mounts under `/sandbox/elma`; every other
 *   outside service may be a twin too, the data is the demo federation, sign-in codes are readable in the
 *   SMS outbox. `dataDir` holds every twin's data (`SANDBOX_DATA_DIR`), `seed` fills an empty twin.
 * - `real` (set): nothing under `/sandbox` exists, and start-up refuses every twin and sandbox-only switch.
 */
export type Deployment = { kind: 'real' } | { kind: 'sandbox'; dataDir: string; seed: SandboxSeed };

/** What decides whether a twin is used: known before a sandbox's secrets are generated. */
type TwinChoice = Pick<AppConfig, 'deployment' | 'upstreams' | 'mail'> & {
  payments: Pick<PaymentsConfig, 'mode' | 'url'>;
};

/** What a twin decides on: the configuration, with the secrets a sandbox generates already there. */
type TwinInput = Pick<AppConfig, 'deployment' | 'platform' | 'upstreams' | 'payments' | 'port' | 'mail'>;

/**
 * One sandbox twin of an outside service. A new twin is one more entry of `SANDBOX_TWINS`:
 * the api then mounts it when the configuration leaves its service to it, and a real deployment refuses that.
 */
export interface SandboxTwin {
  /** Whether the configuration leaves the service to this twin. */
  used(config: TwinChoice): boolean;
  /** Why a real deployment refuses it, naming the variable to set instead (`VARIABLE: reason`). */
  refusal(config: Pick<TwinChoice, 'upstreams' | 'payments'>): string;
  /** The twin's part of the sandbox module's options. */
  options(config: TwinInput): Partial<SandboxTwinOptions>;
}

export const SANDBOX_TWINS: readonly SandboxTwin[] = [
  {
    // The platform twin is what makes a deployment a sandbox: a real one never has it.
    used: (config) => config.deployment.kind === 'sandbox',
    refusal: () => 'PLATFORM_URL: the platform twin exists only in a sandbox',
    options: (config) =>
      config.deployment.kind === 'sandbox'
        ? { platform: { token: config.platform.token, seed: config.deployment.seed } }
        : {},
  },
  {
    used: (config) => config.upstreams.dadata.mode === 'sandbox',
    refusal: () =>
      'DADATA_URL: required in a real deployment (the DaData twin answers only under /sandbox); set it with DADATA_TOKEN of the real DaData',
    options: (config) => ({ dadata: { apiKey: config.upstreams.dadata.token } }),
  },
  {
    used: (config) => smsGoesToTwin(config.upstreams.sms),
    refusal: (config) =>
      config.upstreams.sms.gateway === 'outbox'
        ? 'SMS_GATEWAY: a real deployment sends codes by SMS, never into the sandbox outbox where anyone reads them; set SMS_GATEWAY=smsru with SMS_RU_URL and SMS_RU_API_ID of the gateway'
        : `SMS_RU_URL: points at the sandbox SMS twin (${SMS_RU_TWIN_PATH}); a real deployment needs the real gateway`,
    // The twin's SMS.ru endpoint writes into the outbox: its api_id is the one the api sends, else the
    // platform twin's token, so nobody without the sandbox's secret can plant a message. The gateway's fault
    // switch answers the platform twin's token alone, so nobody else can stop codes from being sent.
    options: (config) => ({
      sms: {
        smsRuApiId:
          config.upstreams.sms.gateway === 'smsru' ? config.upstreams.sms.apiId : config.platform.token,
        controlToken: config.platform.token,
      },
    }),
  },
  {
    used: (config) => paymentsGoToTwin(config.payments),
    refusal: (config) =>
      config.payments.mode === 'sandbox'
        ? 'YOOKASSA_URL: required in a real deployment (the YooKassa twin takes no money); set it with YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY of the shop'
        : `YOOKASSA_URL: points at the sandbox YooKassa twin (${YOOKASSA_TWIN_PATH}); a real deployment needs the real YooKassa`,
    // The twin knows the one shop the api uses and notifies the api's own receiver.
    options: (config) => ({
      yookassa: {
        shops: [{ shopId: config.payments.shopId, secretKey: config.payments.secretKey }],
        notificationUrl: `http://127.0.0.1:${config.port}${PAYMENT_NOTIFICATIONS_PATH}`,
      },
    }),
  },
  {
    // A configuration built in code without `mail` is a sandbox's twin (see `AppConfig.mail`).
    used: (config) =>
      config.mail === undefined ? config.deployment.kind === 'sandbox' : mailGoesToTwin(config.mail),
    refusal: () =>
      'SMTP_URL: required in a real deployment (the mail twin delivers to nobody and anyone may read it); set it to the mail server of the federation',
    // Its fault switch answers the platform twin's token alone, as the SMS gateway's does.
    options: (config) => ({
      mail: {
        smtpPort: config.mail?.mode === 'sandbox' ? config.mail.smtpPort : 0,
        controlToken: config.platform.token,
      },
    }),
  },
];

/** Settings that exist for sandboxes only: a real deployment refuses each one that is on. */
const SANDBOX_SWITCHES: readonly { variable: string; on(env: Env): boolean; reason: string }[] = [
  {
    variable: 'AUTH_RELAXED_CODE_LIMITS',
    on: (env) => env['AUTH_RELAXED_CODE_LIMITS']?.trim() === 'true',
    reason: 'relaxed limits on sign-in codes are for end-to-end runs against a sandbox',
  },
  {
    variable: 'SANDBOX_SEED',
    on: (env) => Boolean(env['SANDBOX_SEED']?.trim()),
    reason: 'demo data is seeded into the platform twin, which a real deployment does not have',
  },
];

/**
 * Every reason a real deployment (`PLATFORM_URL` set) must not start, each naming its variable: a twin in use,
 * a sandbox-only switch, a secret left to be generated, a platform id left at its sandbox value.
 */
export function realDeploymentProblems(env: Env, config: TwinChoice): string[] {
  const problems: string[] = [];
  for (const twin of SANDBOX_TWINS) {
    if (twin.used(config)) problems.push(twin.refusal(config));
  }
  for (const setting of SANDBOX_SWITCHES) {
    if (setting.on(env))
      problems.push(`${setting.variable}: refused in a real deployment (${setting.reason})`);
  }
  if (!env['JWT_SECRET']?.trim() && !env['JWT_PRIVATE_KEY']?.trim()) {
    problems.push(
      'JWT_SECRET or JWT_PRIVATE_KEY: required in a real deployment (a generated secret is for sandboxes only)',
    );
  }
  for (const variable of PLATFORM_ID_VARIABLES) {
    if (!env[variable]?.trim()) {
      problems.push(`${variable}: required in a real deployment (the sandbox id exists only on the twin)`);
    }
  }
  return problems;
}

/** The options of the one sandbox module: every twin the configuration uses, in one data directory. */
export function sandboxOptionsFor(config: TwinInput): SandboxOptions | null {
  if (config.deployment.kind !== 'sandbox') return null;
  const options: SandboxOptions = { dataDir: config.deployment.dataDir };
  for (const twin of SANDBOX_TWINS) {
    if (twin.used(config)) Object.assign(options, twin.options(config));
  }
  return options;
}
