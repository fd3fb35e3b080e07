import type { Meta, StoryObj } from '@storybook/react-vite';
import { withMemoryRouter } from '../../testing/with-memory-router';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { Pager } from './pager';

/** A pager whose page lives in state: the buttons' form. */
function StatePager({ pageCount, initial = 1 }: { pageCount: number; initial?: number }) {
  const [page, setPage] = useState(initial);
  return <Pager page={page} pageCount={pageCount} onPageChange={setPage} label="Страницы заявок" />;
}

const meta: Meta<typeof StatePager> = {
  title: 'Lists/Pager',
  component: StatePager,
  args: { pageCount: 12, initial: 1 },
  decorators: [withMemoryRouter],
};
export default meta;

type Story = StoryObj<typeof StatePager>;

export const Buttons: Story = {};
export const MiddlePage: Story = { args: { initial: 6 } };
export const LastPage: Story = { args: { initial: 12 } };
export const FewPages: Story = { args: { pageCount: 3, initial: 2 } };

/** Links, for a list whose page is in the address; first, middle and last page, and a busy button pager. */
export const Catalog: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 8 }}>
      {[1, 6, 12].map((page) => (
        <Pager
          key={page}
          page={page}
          pageCount={12}
          linkTo={(to) => `?page=${to}`}
          label={`Ссылки, страница ${page}`}
        />
      ))}
      <Pager
        page={2}
        pageCount={4}
        onPageChange={() => undefined}
        disabled
        label="Занят: загружается страница"
      />
    </div>
  ),
};

/** Steps forward, then jumps to the last page by its number. */
export const PagesThrough: Story = {
  play: async ({ canvasElement }) => {
    const pager = within(canvasElement).getByRole('navigation', { name: 'Страницы заявок' });
    await userEvent.click(within(pager).getByRole('button', { name: 'Вперёд' }));
    await expect(within(pager).getByRole('button', { name: 'Страница 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await userEvent.click(within(pager).getByRole('button', { name: 'Страница 12' }));
    await expect(within(pager).getByRole('button', { name: 'Вперёд' })).toBeDisabled();
  },
};

/**
 * Links on the first page: «Назад» stays in place, announced as an unavailable link and out of the tab order
 * (its faded text is an inactive control's, which contrast rules exempt, not hidden text).
 */
export const LinksFirstPage: Story = {
  render: () => <Pager page={1} pageCount={12} linkTo={(to) => `?page=${to}`} label="Страницы списка" />,
  play: async ({ canvasElement }) => {
    const pager = within(canvasElement).getByRole('navigation', { name: 'Страницы списка' });
    const previous = within(pager).getByRole('link', { name: 'Назад' });
    await expect(previous).toHaveAttribute('aria-disabled', 'true');
    await expect(previous).not.toHaveAttribute('href');
    await userEvent.tab();
    await expect(previous).not.toHaveFocus();
    await expect(within(pager).getByRole('link', { name: 'Страница 1' })).toHaveFocus();
  },
};
