import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoSeriousAxeViolations } from '../../testing/axe';
import { AddressInput, type AddressSuggestion } from './address-input';

const kazan: AddressSuggestion = { value: 'г Казань', data: { city: 'Казань', settlement: null } };
const kazanka: AddressSuggestion = {
  value: 'Респ Татарстан, с Казанка',
  data: { city: null, settlement: 'Казанка' },
};
const kazachye: AddressSuggestion = { value: 'п Казачье', data: { city: null, settlement: 'Казачье' } };

type Loader = (query: string, signal: AbortSignal) => Promise<AddressSuggestion[]>;

function City({ load, onValue }: { load: Loader; onValue: (value: AddressSuggestion | null) => void }) {
  const [value, setValue] = useState<AddressSuggestion | null>(null);
  return (
    <AddressInput
      label="Город"
      value={value}
      loadSuggestions={load}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

const input = () => screen.getByRole('combobox', { name: 'Город' });
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
const key = (name: string) => fireEvent.keyDown(input(), { key: name });
/** Lets the debounce run and the loader's promise settle. */
const settle = (ms = 300) => act(async () => void vi.advanceTimersByTime(ms));

describe('AddressInput', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks for suggestions 300 ms after typing stops, and not for too short a query', async () => {
    const load = vi.fn<Loader>(async () => [kazan]);
    render(<City load={load} onValue={vi.fn()} />);
    type('К');
    await settle(1000);
    expect(load).not.toHaveBeenCalled();
    type('Ка');
    await settle(100);
    type('Каз');
    await settle(299);
    expect(load).not.toHaveBeenCalled();
    await settle(1);
    expect(load).toHaveBeenCalledOnce();
    expect(load.mock.calls[0]?.[0]).toBe('Каз');
  });

  it('is browsed with the arrow keys and chooses with Enter', async () => {
    const onValue = vi.fn();
    const { container } = render(<City load={async () => [kazan, kazanka, kazachye]} onValue={onValue} />);
    act(() => input().focus());
    type('Каза');
    await settle();
    expect(input()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      kazan.value,
      kazanka.value,
      kazachye.value,
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('Найдено подсказок: 3');

    key('ArrowDown');
    key('ArrowDown');
    const second = screen.getByRole('option', { name: kazanka.value });
    expect(input()).toHaveAttribute('aria-activedescendant', second.id);
    expect(second).toHaveAttribute('aria-selected', 'true');
    key('ArrowUp');
    key('ArrowUp');
    expect(input()).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: kazachye.value }).id,
    );
    key('ArrowDown');
    expect(input()).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: kazan.value }).id,
    );

    vi.useRealTimers();
    await expectNoSeriousAxeViolations(container);

    key('Enter');
    expect(onValue).toHaveBeenLastCalledWith(kazan);
    expect(input()).toHaveValue('г Казань');
    expect(input()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on Escape and chooses by click', async () => {
    const onValue = vi.fn();
    render(<City load={async () => [kazan, kazanka]} onValue={onValue} />);
    type('Каза');
    await settle();
    key('Escape');
    expect(input()).toHaveAttribute('aria-expanded', 'false');
    key('ArrowDown');
    expect(input()).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(screen.getByRole('option', { name: kazanka.value }));
    expect(onValue).toHaveBeenLastCalledWith(kazanka);
  });

  it('drops the choice as soon as the text is edited again', async () => {
    const onValue = vi.fn();
    render(<City load={async () => [kazan]} onValue={onValue} />);
    type('Каза');
    await settle();
    fireEvent.click(screen.getByRole('option', { name: kazan.value }));
    type('г Казань,');
    expect(onValue).toHaveBeenLastCalledWith(null);
  });

  it('shows only the answer to the latest query', async () => {
    const pending = new Map<string, (list: AddressSuggestion[]) => void>();
    const signals = new Map<string, AbortSignal>();
    const load: Loader = (query, signal) => {
      signals.set(query, signal);
      return new Promise((resolve) => pending.set(query, resolve));
    };
    render(<City load={load} onValue={vi.fn()} />);
    type('Каз');
    await settle();
    type('Каза');
    await settle();
    expect(signals.get('Каз')?.aborted).toBe(true);
    await act(async () => pending.get('Каза')?.([kazan]));
    await act(async () => pending.get('Каз')?.([kazachye]));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([kazan.value]);
  });

  it('goes on within a choice to refine: the city holds while its streets, then a house, are chosen', async () => {
    const street: AddressSuggestion = { value: 'г Казань, ул Баумана', data: { city: 'Казань' } };
    const house: AddressSuggestion = { value: 'г Казань, ул Баумана, д 5', data: { city: 'Казань' } };
    const load = vi.fn(async (query: string, _signal: AbortSignal, within: AddressSuggestion | null) =>
      within === null ? [kazan] : within === kazan ? [street] : [house],
    );
    const onValue = vi.fn();
    function Venue() {
      const [value, setValue] = useState<AddressSuggestion | null>(null);
      return (
        <AddressInput
          label="Город"
          value={value}
          loadSuggestions={load}
          refine={(chosen) => chosen !== house}
          onChange={(next) => {
            setValue(next);
            onValue(next);
          }}
        />
      );
    }
    render(<Venue />);
    act(() => input().focus());
    type('Казань');
    await settle();
    fireEvent.click(screen.getByRole('option', { name: kazan.value }));
    expect(onValue).toHaveBeenLastCalledWith(kazan);
    expect(input()).toHaveValue('г Казань, ');
    await settle(0);
    expect(load).toHaveBeenLastCalledWith('г Казань,', expect.anything(), kazan);
    expect(screen.getByRole('option', { name: street.value })).toBeInTheDocument();

    type('г Казань, Бау');
    expect(onValue).toHaveBeenLastCalledWith(null);
    await settle();
    expect(load).toHaveBeenLastCalledWith('г Казань, Бау', expect.anything(), kazan);
    fireEvent.click(screen.getByRole('option', { name: street.value }));
    await settle(0);
    expect(load).toHaveBeenLastCalledWith('г Казань, ул Баумана,', expect.anything(), street);
    fireEvent.click(screen.getByRole('option', { name: house.value }));
    expect(onValue).toHaveBeenLastCalledWith(house);
    expect(input()).toHaveValue(house.value);
    expect(input()).toHaveAttribute('aria-expanded', 'false');

    // Typed over the choice: searched afresh, not inside it.
    type('Самара');
    await settle();
    expect(load).toHaveBeenLastCalledWith('Самара', expect.anything(), null);
  });

  it('reads as the choice when left without refining it', async () => {
    function Venue() {
      const [value, setValue] = useState<AddressSuggestion | null>(null);
      return (
        <AddressInput
          label="Город"
          value={value}
          loadSuggestions={async () => [kazan]}
          refine={() => true}
          onChange={setValue}
        />
      );
    }
    render(<Venue />);
    type('Казань');
    await settle();
    fireEvent.click(screen.getByRole('option', { name: kazan.value }));
    expect(input()).toHaveValue('г Казань, ');
    fireEvent.blur(input());
    expect(input()).toHaveValue('г Казань');
  });

  it('says so when nothing is found or the source fails', async () => {
    const load = vi.fn<Loader>(async () => []);
    render(<City load={load} onValue={vi.fn()} />);
    type('Ыыы');
    await settle();
    expect(screen.getByText('Ничего не найдено')).toBeInTheDocument();
    load.mockRejectedValueOnce(new Error('503'));
    type('Ыыыы');
    await settle();
    expect(screen.getByText('Не удалось загрузить подсказки')).toBeInTheDocument();
  });
});
