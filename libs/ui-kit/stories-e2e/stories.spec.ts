import { expect, test as base, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** The built Storybook's index: every story by id. */
interface StoryIndex {
  entries: Record<string, { id: string; type: 'story' | 'docs'; title: string; name: string }>;
}

/** How a story finished in the preview, and why it failed if it did. */
interface StoryOutcome {
  status: 'success' | 'error';
  reports: { type: string; status: string; result?: unknown }[];
  errors: string[];
}

type StoryWindow = Window & {
  __STORYBOOK_ADDONS_CHANNEL__?: {
    on: (event: string, listener: (...args: never[]) => void) => void;
    emit: (event: string, ...args: unknown[]) => void;
  };
  storyOutcomes?: Record<string, StoryOutcome>;
  storyErrors?: string[];
};

/** An a11y report's violations as `rule: elements`, any other failed report as its type. */
function failuresOf(report: StoryOutcome['reports'][number]): string[] {
  if (report.status !== 'failed') return [];
  const violations = (
    report.result as { violations?: { id: string; nodes: { target: unknown }[] }[] } | undefined
  )?.violations;
  if (!violations) return [`${report.type} failed`];
  return violations.map(
    (violation) =>
      `${report.type} ${violation.id}: ${violation.nodes.map((node) => String(node.target)).join(', ')}`,
  );
}

const storybookDir = resolve(import.meta.dirname, '../../../dist/storybook/ui-kit');
const index = JSON.parse(readFileSync(resolve(storybookDir, 'index.json'), 'utf8')) as StoryIndex;
const stories = Object.values(index.entries).filter((entry) => entry.type === 'story');

/**
 * One preview page per worker, switched from story to story as Storybook's own sidebar switches them (the
 * `setCurrentStory` event), so the preview's bundle loads once, not once a story. It records, by story, what the
 * channel says when a story finishes (rendered, its play function run, the a11y addon's check done) and the errors
 * thrown on the way.
 */
const test = base.extend<object, { preview: Page }>({
  preview: [
    async ({ browser }, use) => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      // Opened on no story, so that every story is chosen the same way, the first one too.
      await page.goto('/iframe.html?id=none&viewMode=story');
      await page.waitForFunction(() => Boolean((window as StoryWindow).__STORYBOOK_ADDONS_CHANNEL__));
      await page.evaluate(() => {
        const story = window as StoryWindow;
        const channel = story.__STORYBOOK_ADDONS_CHANNEL__;
        story.storyOutcomes = {};
        story.storyErrors = [];
        const failed = (error: { message?: string } | undefined) =>
          story.storyErrors?.push(error?.message ?? String(error));
        channel?.on('playFunctionThrewException', failed);
        channel?.on('storyThrewException', failed);
        channel?.on('storyErrored', (error: { title?: string; description?: string }) =>
          story.storyErrors?.push(`${error.title ?? ''} ${error.description ?? ''}`),
        );
        channel?.on('unhandledErrorsWhilePlaying', (errors: { message?: string }[]) =>
          errors.forEach(failed),
        );
        channel?.on(
          'storyFinished',
          (finished: {
            storyId: string;
            status: StoryOutcome['status'];
            reporters: StoryOutcome['reports'];
          }) => {
            if (story.storyOutcomes) {
              story.storyOutcomes[finished.storyId] = {
                status: finished.status,
                reports: finished.reporters,
                errors: story.storyErrors ?? [],
              };
            }
            story.storyErrors = [];
          },
        );
      });
      await use(page);
      await page.close();
    },
    { scope: 'worker' },
  ],
});

test('the built Storybook holds the kit’s stories', () => {
  expect(stories.length).toBeGreaterThan(100);
});

for (const story of stories) {
  test(`${story.title} › ${story.name}`, async ({ preview }) => {
    await preview.evaluate((storyId) => {
      const story = window as StoryWindow;
      story.storyErrors = [];
      delete story.storyOutcomes?.[storyId];
      story.__STORYBOOK_ADDONS_CHANNEL__?.emit('setCurrentStory', { storyId, viewMode: 'story' });
    }, story.id);
    const outcome = await preview.waitForFunction(
      (storyId) => (window as StoryWindow).storyOutcomes?.[storyId] ?? null,
      story.id,
      { timeout: 20_000 },
    );
    const result = (await outcome.jsonValue()) as StoryOutcome;
    expect(result.status, [...result.errors, ...result.reports.flatMap(failuresOf)].join('\n')).toBe(
      'success',
    );
  });
}
