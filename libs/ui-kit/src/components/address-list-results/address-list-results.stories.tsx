import type { Meta, StoryObj } from '@storybook/react-vite';
import { withMemoryRouter } from '../../testing/with-memory-router';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Card } from '../layout/layout';
import { SkeletonLine } from '../load-states/load-states';
import { clubListTexts, clubs, type Club } from '../../testing/club-list';
import { AddressListResults, type AddressListAnswer } from './address-list-results';

interface ResultsArgs {
  answer: AddressListAnswer<Club> | undefined;
  fetching: boolean;
  failed: boolean;
  filtered: boolean;
  page: number;
  onReset: () => void;
  onShow: (state: { page: number }) => void;
  onRetry: () => void;
}

function Results({ answer, fetching, failed, filtered, page, onReset, onShow, onRetry }: ResultsArgs) {
  return (
    <AddressListResults
      list={{
        state: { page },
        show: onShow,
        reset: onReset,
        pageLink: (to) => `?page=${to}`,
        listTop: { current: null },
      }}
      query={{ currentData: answer, isFetching: fetching, isError: failed, refetch: onRetry }}
      filtered={filtered}
      pageSize={3}
      texts={clubListTexts}
      skeleton={
        <Card elevated>
          <SkeletonLine size="title" />
          <SkeletonLine size="half" />
        </Card>
      }
      itemKey={(club) => club.id}
      renderItem={(club) => <Card elevated>{club.name}</Card>}
    />
  );
}

const meta: Meta<typeof Results> = {
  title: 'Lists/AddressListResults',
  component: Results,
  args: {
    answer: { result: clubs, total: 9 },
    fetching: false,
    failed: false,
    filtered: false,
    page: 1,
    onReset: fn(),
    onShow: fn(),
    onRetry: fn(),
  },
  decorators: [withMemoryRouter],
};
export default meta;

type Story = StoryObj<typeof Results>;

export const Cards: Story = {};
export const Loading: Story = { args: { answer: undefined, fetching: true } };
export const Failed: Story = { args: { answer: undefined, failed: true } };
export const Empty: Story = { args: { answer: { result: [], total: 0 } } };

/** A filtered list that found nothing offers to reset the filters. */
export const NothingFound: Story = {
  args: { answer: { result: [], total: 0 }, filtered: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Сбросить фильтры' }));
    await expect(args.onReset).toHaveBeenCalled();
  },
};

/** A page past the end of the list leads back to the first. */
export const PastTheEnd: Story = {
  args: { answer: { result: [], total: 9 }, page: 7 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Страницы 7 в этом списке нет')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'На первую страницу' }));
    await expect(args.onShow).toHaveBeenCalledWith({ page: 1 });
  },
};
