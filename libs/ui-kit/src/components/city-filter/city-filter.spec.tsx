import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoSeriousAxeViolations } from '../../testing/axe';
import type { AddressSuggestion } from '../address-input/address-input';
import { CityFilter } from './city-filter';

const places: AddressSuggestion[] = [
  { value: 'г Казань', data: { city: 'Казань' } },
  { value: 'Респ Татарстан, с Казанка', data: { settlement: 'Казанка' } },
];
const loadSuggestions = vi.fn((query: string) =>
  Promise.resolve(places.filter((place) => place.value.toLowerCase().includes(query.toLowerCase()))),
);

function Owned({ onChange, initial = '' }: { onChange: (city: string) => void; initial?: string }) {
  const [city, setCity] = useState(initial);
  return (
    <CityFilter
      city={city}
      loadSuggestions={loadSuggestions}
      onChange={(next) => {
        onChange(next);
        setCity(next);
      }}
    />
  );
}

describe('CityFilter', () => {
  it("hands on the chosen suggestion's city, else its settlement", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { container } = render(<Owned onChange={onChange} />);
    const field = screen.getByRole('combobox', { name: 'Город' });
    expect(field).toHaveAttribute('placeholder', 'Любой город');
    await user.type(field, 'казан');
    await user.click(await screen.findByRole('option', { name: 'Респ Татарстан, с Казанка' }));
    expect(onChange).toHaveBeenLastCalledWith('Казанка');
    expect(field).toHaveValue('Казанка');
    await expectNoSeriousAxeViolations(container);
  });

  it('shows the city it is given and hands on an empty one once the text is cleared', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Owned onChange={onChange} initial="Казань" />);
    const field = screen.getByRole('combobox', { name: 'Город' });
    expect(field).toHaveValue('Казань');
    await user.clear(field);
    expect(onChange).toHaveBeenCalledWith('');
  });

  it('asks nothing of the list for a half-typed name', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Owned onChange={onChange} />);
    await user.type(screen.getByRole('combobox', { name: 'Город' }), 'Каз');
    expect(onChange).not.toHaveBeenCalled();
  });
});
