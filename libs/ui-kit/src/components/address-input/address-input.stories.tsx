import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { AddressInput, type AddressInputProps, type AddressSuggestion } from './address-input';

const places: AddressSuggestion[] = [
  { value: 'г Москва', data: { city: 'Москва' } },
  { value: 'г Санкт-Петербург', data: { city: 'Санкт-Петербург' } },
  { value: 'г Казань', data: { city: 'Казань' } },
  { value: 'Респ Татарстан, с Казанка', data: { settlement: 'Казанка' } },
  { value: 'г Екатеринбург', data: { city: 'Екатеринбург' } },
  { value: 'г Минск', data: { city: 'Минск' } },
  { value: 'г Ереван', data: { city: 'Ереван' } },
  { value: 'г Баку', data: { city: 'Баку' } },
];

/** A stand-in for the portal's address endpoint: five matches after a short delay. */
const loadSuggestions = (query: string) =>
  new Promise<AddressSuggestion[]>((resolve) =>
    setTimeout(
      () => resolve(places.filter((p) => p.value.toLowerCase().includes(query.toLowerCase())).slice(0, 5)),
      400,
    ),
  );

function Stateful(
  props: Omit<AddressInputProps, 'value' | 'onChange' | 'loadSuggestions'> & { initial?: AddressSuggestion },
) {
  const [value, setValue] = useState<AddressSuggestion | null>(props.initial ?? null);
  return (
    <div style={{ maxWidth: 420, minHeight: 280 }}>
      <AddressInput {...props} value={value} onChange={setValue} loadSuggestions={loadSuggestions} />
      <p>Выбрано: {value ? `${value.data.city ?? value.data.settlement}` : '—'}</p>
    </div>
  );
}

const meta: Meta<typeof Stateful> = {
  title: 'Forms/AddressInput',
  component: Stateful,
  args: { label: 'Город', placeholder: 'Начните вводить название', required: true },
};
export default meta;

type Story = StoryObj<typeof Stateful>;

/** Type «ка»: suggestions after 300 ms, ArrowUp/ArrowDown to browse, Enter to choose, Escape to close. */
export const Empty: Story = {};
export const Chosen: Story = { args: { initial: places[2] } };
export const WithError: Story = { args: { error: 'Не указан населённый пункт' } };
export const Disabled: Story = { args: { disabled: true, initial: places[0] } };
