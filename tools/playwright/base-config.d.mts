import type { PlaywrightTestConfig } from '@playwright/test';

export declare function playwrightBase(projectDir: string): Pick<
  PlaywrightTestConfig,
  'outputDir' | 'retries' | 'forbidOnly'
> & {
  use: NonNullable<PlaywrightTestConfig['use']>;
};

export declare const outcomeSummaryReporter: [string];
