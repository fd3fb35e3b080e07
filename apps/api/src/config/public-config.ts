import { publicConfigSchema, sandboxPublicConfig, type PublicConfig } from '@fed/contracts';
import { ConfigError } from './config-error';

/** Each public setting: where it sits in `PublicConfig` and the variable that sets it. */
const SETTINGS = [
  [['federationProfileId'], 'PUBLIC_FEDERATION_PROFILE_ID'],
  [['extensions', 'application'], 'PUBLIC_EXTENSION_APPLICATION_ID'],
  [['extensions', 'requests'], 'PUBLIC_EXTENSION_REQUESTS_ID'],
  [['extensions', 'functions'], 'PUBLIC_EXTENSION_FUNCTIONS_ID'],
  [['extensions', 'insurance'], 'PUBLIC_EXTENSION_INSURANCE_ID'],
  [['offerDocumentIds', 'sportsman'], 'PUBLIC_OFFER_SPORTSMAN_ID'],
  [['offerDocumentIds', 'organization'], 'PUBLIC_OFFER_ORGANIZATION_ID'],
  [['offerDocumentIds', 'user'], 'PUBLIC_OFFER_USER_ID'],
  [['defaultAgeClassId'], 'PUBLIC_DEFAULT_AGE_CLASS_ID'],
  [['analyticsId'], 'PUBLIC_ANALYTICS_ID'],
] as const;

type Tree = Record<string, unknown>;

/**
 * The configuration the browser may see (platform module ids, fixed record ids, analytics id), read from
 * the environment once at start-up; an unset variable keeps the sandbox value. The api uses the same
 * values as the portal it serves.
 */
export function loadPublicConfig(env: NodeJS.ProcessEnv = process.env): PublicConfig {
  const candidate = structuredClone(sandboxPublicConfig) as unknown as Tree;
  for (const [path, variable] of SETTINGS) {
    const value = env[variable];
    if (!value) continue;
    const parent = path.slice(0, -1).reduce<Tree>((node, key) => node[key] as Tree, candidate);
    parent[path[path.length - 1] as string] = value;
  }
  const parsed = publicConfigSchema.safeParse(candidate);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const setting = SETTINGS.find(([path]) => path.join('.') === issue.path.join('.'));
        return `${setting?.[1] ?? issue.path.join('.')}: ${issue.message}`;
      }),
    );
  }
  return parsed.data;
}
