import type { DynamicModule, INestApplication, LoggerService } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { ManualClock } from '@fed/calendar';
import { sandboxPublicConfig } from '@fed/sandbox-fixtures';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import request from 'supertest';
import { ApiExceptionFilter } from '../../common/api-exception.filter';
import { RateLimitsModule } from '../../common/rate-limits';
import type { AuthConfig } from '../../config/auth-config';
import { startFakePlatform, type FakePlatform } from '../../platform/testing/fake-platform';
import { AUTH_DB, type AuthDb } from '../../store/auth-database';
import type { AuthDatabaseTarget } from '../../store/create-auth-database';
import { ClockModule } from '../../common/clock';
import { InMemoryAuthSmsSender } from '../auth-sms';
import { AuthModule } from '../auth.module';

export type Dialect = 'sqlite' | 'postgres';

/**
 * The dialects the store-backed suites run on: SQLite always; PostgreSQL when `TEST_DATABASE_URL` is
 * set (tools/scripts/test-postgres.sh starts a throwaway server and prints it). Use with
 * `describe.each(storeDialects)` and `describe.skipIf(!available)`.
 */
export const storeDialects: { dialect: Dialect; available: boolean }[] = [
  { dialect: 'sqlite', available: true },
  { dialect: 'postgres', available: Boolean(process.env['TEST_DATABASE_URL']) },
];

export const TEST_SECRET = randomBytes(32);

export function testAuthConfig(
  database: AuthDatabaseTarget,
  overrides: Partial<AuthConfig> = {},
): AuthConfig {
  return {
    jwt: { algorithm: 'HS256', secret: TEST_SECRET },
    jwtKeySource: 'JWT_SECRET',
    issuer: 'federation-portal',
    audience: 'federation-portal-api',
    database,
    dataDir: '/nonexistent',
    hashSecret: TEST_SECRET,
    ...overrides,
  };
}

/** A fresh, isolated store: in-memory SQLite, or a new schema of the test PostgreSQL. */
export async function freshDatabase(
  dialect: Dialect,
): Promise<{ target: AuthDatabaseTarget; drop(): Promise<void> }> {
  if (dialect === 'sqlite')
    return { target: { kind: 'sqlite', file: ':memory:' }, drop: () => Promise.resolve() };
  const url = process.env['TEST_DATABASE_URL'];
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `auth_test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.end();
  return {
    target: { kind: 'postgres', url, schema },
    drop: async () => {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await dropper.end();
    },
  };
}

export interface AuthTestApp {
  app: INestApplication;
  http: ReturnType<typeof request>;
  clock: ManualClock;
  sms: InMemoryAuthSmsSender;
  platform: FakePlatform;
  db: AuthDb;
  config: AuthConfig;
  close(): Promise<void>;
}

export interface AuthTestAppOptions {
  /** Further modules of the app (the gateway modules, to test them behind the real guard). */
  imports?: DynamicModule[];
  /** Another app's store, to run two api instances on one store; default a fresh one. */
  database?: AuthDatabaseTarget;
  /** Another app's clock (two instances on one store share the time); default a new one. */
  clock?: ManualClock;
}

/**
 * The auth module (with the api's error filter, and any `imports`) over a fake platform, a fake clock and
 * an SMS outbox.
 */
export async function createAuthTestApp(
  dialect: Dialect = 'sqlite',
  configOverrides: Partial<AuthConfig> = {},
  logger: LoggerService | false = false,
  options: AuthTestAppOptions = {},
): Promise<AuthTestApp> {
  const platform = await startFakePlatform();
  const database: { target: AuthDatabaseTarget; drop(): Promise<void> } = options.database
    ? { target: options.database, drop: () => Promise.resolve() }
    : await freshDatabase(dialect);
  const clock = options.clock ?? new ManualClock('2026-11-22T03:00:00.000Z');
  const sms = new InMemoryAuthSmsSender();
  const config = testAuthConfig(database.target, configOverrides);
  const moduleRef = await Test.createTestingModule({
    imports: [
      ClockModule.forRoot(clock),
      AuthModule.forRoot({
        config,
        platform: {
          baseUrl: platform.url,
          token: platform.token,
          extensions: sandboxPublicConfig.extensions,
          timeoutMs: 2000,
        },
        sms,
      }),
      // The gateway modules a test adds count their limits as AppModule gives them to count.
      RateLimitsModule.forRoot(),
      ...(options.imports ?? []),
    ],
    providers: [{ provide: APP_FILTER, useClass: ApiExceptionFilter }],
  }).compile();
  const app = moduleRef.createNestApplication({ logger });
  await app.init();
  return {
    app,
    http: request(app.getHttpServer()),
    clock,
    sms,
    platform,
    db: app.get<AuthDb>(AUTH_DB),
    config,
    close: async () => {
      await app.close();
      await platform.close();
      await database.drop();
    },
  };
}

export const person = {
  lastName: 'Иванов',
  firstName: 'Пётр',
  middleName: 'Сергеевич',
  birthDate: '2010-05-17',
  city: 'Казань',
  gender: 'male',
} as const;

export const organization = {
  name: 'СШОР «Юность»',
  inn: '7707083893',
  city: 'Москва',
  email: 'info@example.ru',
  contactPerson: 'Петрова Анна Викторовна',
} as const;

/** Registers a person on `phone` through the HTTP flow and answers the token pair. */
export async function registerPerson(
  t: AuthTestApp,
  phone: string,
): Promise<{ Token: string; RefreshToken: string }> {
  await t.http
    .post('/api/auth/RegisterUser')
    .send({ phone, person, acceptUserAgreement: true, acceptSportsmanAgreement: true })
    .expect(200);
  const code = t.sms.lastCodeFor(phone);
  const response = await t.http.post('/api/auth/RegisterUserConfirm').send({ phone, code }).expect(200);
  t.clock.advance(61_000);
  return response.body.data as { Token: string; RefreshToken: string };
}

export async function registerOrganizationOn(
  t: AuthTestApp,
  phone: string,
): Promise<{ Token: string; RefreshToken: string }> {
  await t.http
    .post('/api/auth/RegisterOrganization')
    .send({ phone, organization, acceptUserAgreement: true, acceptOrganizationAgreement: true })
    .expect(200);
  const code = t.sms.lastCodeFor(phone);
  const response = await t.http.post('/api/auth/RegisterUserConfirm').send({ phone, code }).expect(200);
  t.clock.advance(61_000);
  return response.body.data as { Token: string; RefreshToken: string };
}

/** The claims of an access token, unverified (tests only). */
export function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}
