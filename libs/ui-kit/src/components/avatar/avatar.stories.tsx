import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Avatar } from './avatar';

// An inline picture, so the story needs no network.
const photo =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#f4c9a0"/><circle cx="32" cy="26" r="12" fill="#8a5a3b"/><rect x="12" y="42" width="40" height="22" rx="10" fill="#1d4ed8"/></svg>',
  );

const meta: Meta<typeof Avatar> = {
  title: 'Display/Avatar',
  component: Avatar,
  args: { name: 'Иванов Пётр Сергеевич', role: 'sportsman', gender: 'male', size: 'lg' },
};
export default meta;

type Story = StoryObj<typeof Avatar>;

export const Photo: Story = { args: { src: photo } };
export const SportsmanMalePlaceholder: Story = {};
export const SportsmanFemalePlaceholder: Story = { args: { name: 'Петрова Анна', gender: 'female' } };
/** A gender the viewer may not see (a minor without a parent's consent): neither placeholder is guessed. */
export const UnknownGenderPlaceholder: Story = {
  args: { name: 'Соколова Алиса', gender: null },
  play: async ({ canvasElement }) => {
    const picture = within(canvasElement).getByRole('img', { name: 'Соколова Алиса' });
    await expect(picture).toHaveAttribute('data-placeholder', 'sportsman-neutral');
  },
};
export const OrganizationLogo: Story = { args: { name: 'СК «Олимп»', role: 'organization', src: photo } };
export const OrganizationPlaceholder: Story = { args: { name: 'СК «Олимп»', role: 'organization' } };
export const BrokenPicture: Story = { args: { src: '/нет-такой-картинки.png' } };
export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center' }}>
      {(['sm', 'md', 'lg', 'xl'] as const).map((size) => (
        <Avatar key={size} {...args} size={size} />
      ))}
      <Avatar name="Петрова Анна" role="sportsman" gender="female" size="xl" />
      <Avatar name="Соколова Алиса" role="sportsman" gender={null} size="xl" />
      <Avatar name="СК «Олимп»" role="organization" size="xl" />
    </div>
  ),
};
