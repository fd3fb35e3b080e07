import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoSeriousAxeViolations } from '../../testing/axe';
import { SearchBox } from './search-box';

const HINT = 'Вводите текст для поиска';
const type = (value: string) => fireEvent.change(screen.getByRole('searchbox'), { target: { value } });

describe('SearchBox', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the hint only while focused and empty', async () => {
    const { container } = render(<SearchBox onSearch={vi.fn()} />);
    const box = screen.getByRole('searchbox', { name: 'Поиск' });
    expect(screen.getByText(HINT)).not.toBeVisible();
    act(() => box.focus());
    expect(screen.getByText(HINT)).toBeVisible();
    expect(box).toHaveAccessibleDescription(HINT);
    type('дзюдо');
    expect(screen.getByText(HINT)).not.toBeVisible();
    type('');
    expect(screen.getByText(HINT)).toBeVisible();
    act(() => box.blur());
    expect(screen.getByText(HINT)).not.toBeVisible();
    vi.useRealTimers();
    await expectNoSeriousAxeViolations(container);
  });

  it('emits the query 300 ms after the last change, once', () => {
    const onSearch = vi.fn();
    render(<SearchBox onSearch={onSearch} />);
    type('д');
    act(() => vi.advanceTimersByTime(200));
    type('дзю');
    act(() => vi.advanceTimersByTime(299));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledOnce();
    expect(onSearch).toHaveBeenCalledWith('дзю');
  });

  it('emits at once on Enter', () => {
    const onSearch = vi.fn();
    render(<SearchBox onSearch={onSearch} />);
    type('самбо');
    fireEvent.keyDown(screen.getByRole('searchbox'), { key: 'Enter' });
    expect(onSearch).toHaveBeenCalledWith('самбо');
    act(() => vi.advanceTimersByTime(1000));
    expect(onSearch).toHaveBeenCalledOnce();
  });

  it('clears with its button, emitting the empty query and dropping the pending one', () => {
    const onSearch = vi.fn();
    render(<SearchBox onSearch={onSearch} defaultValue="бокс" />);
    type('боксё');
    fireEvent.click(screen.getByRole('button', { name: 'Очистить поиск' }));
    expect(screen.getByRole('searchbox')).toHaveValue('');
    expect(screen.getByRole('searchbox')).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Очистить поиск' })).toBeNull();
    act(() => vi.advanceTimersByTime(1000));
    expect(onSearch.mock.calls).toEqual([['']]);
  });

  it("follows its owner's value when it changes by other means, and keeps what is typed when it echoes the box", () => {
    const onSearch = vi.fn();
    const { rerender } = render(<SearchBox onSearch={onSearch} value="" />);
    type('кубок');
    act(() => vi.advanceTimersByTime(300));
    expect(onSearch).toHaveBeenCalledWith('кубок');
    // The person goes on typing while the owner takes the query in (a trailing space trimmed away).
    type('кубок ');
    rerender(<SearchBox onSearch={onSearch} value="кубок" />);
    expect(screen.getByRole('searchbox')).toHaveValue('кубок ');
    // A reset or Back: the box shows the owner's value.
    rerender(<SearchBox onSearch={onSearch} value="" />);
    expect(screen.getByRole('searchbox')).toHaveValue('');
    rerender(<SearchBox onSearch={onSearch} value="турнир" />);
    expect(screen.getByRole('searchbox')).toHaveValue('турнир');
  });
});
