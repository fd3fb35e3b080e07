import { publicConfigSchema, type PublicConfig } from '@fed/contracts';
import type { Env } from './env';

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

/**
 * The variables of the platform's own ids (modules and records): the sandbox values exist only on the twin,
 * so a real deployment must set every one of them. Only the analytics id is optional everywhere.
 */
export const PLATFORM_ID_VARIABLES: readonly string[] = SETTINGS.map(([, variable]) => variable).filter(
  (variable) => variable !== 'PUBLIC_ANALYTICS_ID',
);

type Tree = Record<string, unknown>;

/**
 * The public section of `loadConfig`: what the browser may see (platform module ids, fixed record ids,
 * analytics id); the api uses the same values as the portal it serves. In a sandbox an unset variable keeps the
 * id the twin seeds (`sandboxIds`); a real deployment passes none, so nothing of the demo federation can reach
 * it: each platform id must be set, and `realDeploymentProblems` names every one that is not. Problems name the
 * variable.
 */
export function publicConfigFrom(
  env: Env,
  problems: string[],
  sandboxIds: PublicConfig | null,
): PublicConfig {
  const candidate: Tree = sandboxIds
    ? (structuredClone(sandboxIds) as unknown as Tree)
    : { extensions: {}, offerDocumentIds: {}, analyticsId: null };
  const unset = new Set<string>();
  for (const [path, variable] of SETTINGS) {
    const value = env[variable]?.trim();
    if (!value) {
      unset.add(variable);
      continue;
    }
    const parent = path.slice(0, -1).reduce<Tree>((node, key) => node[key] as Tree, candidate);
    parent[path[path.length - 1] as string] = value;
  }
  const parsed = publicConfigSchema.safeParse(candidate);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    const variable = SETTINGS.find(([path]) => path.join('.') === issue.path.join('.'))?.[1];
    if (variable === undefined || !unset.has(variable)) {
      problems.push(`${variable ?? issue.path.join('.')}: ${issue.message}`);
    }
  }
  // Never read: the problems stop start-up before anything uses the configuration.
  return (sandboxIds ?? candidate) as PublicConfig;
}
