import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter, Route, Routes, useSearchParams } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { expectNoSeriousAxeViolations } from '../../testing/axe';
import { Pager } from './pager';

function LinkedList() {
  const [params] = useSearchParams();
  const page = Number(params.get('page') ?? 1);
  return <Pager page={page} pageCount={20} linkTo={(to) => ({ search: `?page=${to}` })} />;
}

function StatefulList({ onPage }: { onPage: (page: number) => void }) {
  const [page, setPage] = useState(1);
  return (
    <Pager
      page={page}
      pageCount={3}
      label="Страницы заявок"
      onPageChange={(next) => {
        onPage(next);
        setPage(next);
      }}
    />
  );
}

describe('Pager', () => {
  it('is nothing for a single page', () => {
    const { container } = render(<Pager page={1} pageCount={1} onPageChange={() => undefined} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('as links: numbered pages around the current one, which is marked, and steps that follow the address', async () => {
    const user = userEvent.setup();
    const { container } = render(
      <MemoryRouter initialEntries={['/competitions?page=10']}>
        <Routes>
          <Route path="/competitions" element={<LinkedList />} />
        </Routes>
      </MemoryRouter>,
    );
    const pager = screen.getByRole('navigation', { name: 'Страницы списка' });
    const numbers = within(pager)
      .getAllByRole('link', { name: /^Страница/ })
      .map((link) => link.textContent);
    expect(numbers).toEqual(['1', '9', '10', '11', '20']);
    expect(within(pager).getByRole('link', { name: 'Страница 10' })).toHaveAttribute('aria-current', 'page');
    expect(within(pager).getByText('Страница 10 из 20')).toBeInTheDocument();
    expect(within(pager).getByRole('link', { name: 'Вперёд' })).toHaveAttribute('rel', 'next');

    await user.click(within(pager).getByRole('link', { name: 'Вперёд' }));
    expect(screen.getByRole('link', { name: 'Страница 11' })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('link', { name: 'Страница 20' }));
    // The last page has no next: the step stays in place, announced as unavailable, out of the tab order.
    const next = screen.getByRole('link', { name: 'Вперёд' });
    expect(next).toHaveAttribute('aria-disabled', 'true');
    expect(next).not.toHaveAttribute('href');
    expect(next).not.toHaveAttribute('tabindex');
    await expectNoSeriousAxeViolations(container);
  });

  it('as buttons: pages change in place, keep focus, and are announced', async () => {
    const user = userEvent.setup();
    const onPage = vi.fn();
    const { container } = render(<StatefulList onPage={onPage} />);
    const pager = screen.getByRole('navigation', { name: 'Страницы заявок' });
    expect(within(pager).getByRole('button', { name: 'Назад' })).toBeDisabled();
    expect(within(pager).getByText('Страница 1 из 3')).toHaveAttribute('aria-live', 'polite');

    const next = within(pager).getByRole('button', { name: 'Вперёд' });
    await user.click(next);
    expect(onPage).toHaveBeenLastCalledWith(2);
    expect(next).toHaveFocus();
    expect(within(pager).getByRole('button', { name: 'Страница 2' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(pager).getByRole('button', { name: 'Страница 3' }));
    expect(onPage).toHaveBeenLastCalledWith(3);
    expect(within(pager).getByRole('button', { name: 'Вперёд' })).toBeDisabled();
    await user.click(within(pager).getByRole('button', { name: 'Страница 3' }));
    expect(onPage).toHaveBeenCalledTimes(2);
    await expectNoSeriousAxeViolations(container);
  });

  it('as buttons: all off while the next page loads', () => {
    render(<Pager page={2} pageCount={3} onPageChange={() => undefined} disabled />);
    for (const button of screen.getAllByRole('button')) expect(button).toBeDisabled();
  });
});
