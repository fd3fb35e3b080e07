import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { SearchBox, type SearchBoxProps } from './search-box';

function WithEcho(props: Omit<SearchBoxProps, 'onSearch'>) {
  const [query, setQuery] = useState(props.defaultValue ?? '');
  return (
    <div style={{ maxWidth: 480 }}>
      <SearchBox {...props} onSearch={setQuery} />
      <p style={{ marginTop: 48 }}>Запрос (через 300 мс): «{query}»</p>
    </div>
  );
}

const meta: Meta<typeof WithEcho> = {
  title: 'Forms/SearchBox',
  component: WithEcho,
  args: { placeholder: 'Поиск спортсменов' },
};
export default meta;

type Story = StoryObj<typeof WithEcho>;

/** Focus it: the hint 'Вводите текст для поиска' shows while it is empty. */
export const Empty: Story = {};
export const Filled: Story = { args: { defaultValue: 'Иванов' } };
export const Disabled: Story = { args: { disabled: true } };

/** Owned by a list's address: «Сбросить» (like Back or a link) puts the owner's query into the box. */
export const OwnedByAddress: StoryObj<typeof SearchBox> = {
  render: function Owned() {
    const [query, setQuery] = useState('каратэ');
    return (
      <div style={{ maxWidth: 480 }}>
        <SearchBox value={query} onSearch={setQuery} placeholder="Поиск спортсменов" />
        <p style={{ marginTop: 48 }}>
          Адрес: ?q={query}{' '}
          <button type="button" onClick={() => setQuery('')}>
            Сбросить
          </button>
        </p>
      </div>
    );
  },
};
