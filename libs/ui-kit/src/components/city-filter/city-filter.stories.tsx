import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import type { AddressSuggestion } from '../address-input/address-input';
import { CityFilter } from './city-filter';

const places: AddressSuggestion[] = [
  { value: 'г Москва', data: { city: 'Москва' } },
  { value: 'г Казань', data: { city: 'Казань' } },
  { value: 'Респ Татарстан, с Казанка', data: { settlement: 'Казанка' } },
];

/** A stand-in for the portal's city suggestions. */
const loadSuggestions = (query: string) =>
  Promise.resolve(places.filter((place) => place.value.toLowerCase().includes(query.toLowerCase())));

function Owned({ initial = '' }: { initial?: string }) {
  const [city, setCity] = useState(initial);
  return (
    <div style={{ maxWidth: 360, minHeight: 220 }}>
      <CityFilter city={city} onChange={setCity} loadSuggestions={loadSuggestions} />
      <p>В адресе: {city ? `city=${city}` : 'любой город'}</p>
    </div>
  );
}

const meta: Meta<typeof Owned> = { title: 'Forms/CityFilter', component: Owned };
export default meta;

type Story = StoryObj<typeof Owned>;

export const AnyCity: Story = {};

/** Type «казан» and choose «с Казанка»: a settlement counts as the place's name when there is no city. */
export const Settlement: Story = {};

export const Chosen: Story = { args: { initial: 'Казань' } };
