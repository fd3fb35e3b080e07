import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { withMemoryRouter } from '../../testing/with-memory-router';
import { BellLink } from './bell-link';

const meta: Meta<typeof BellLink> = {
  title: 'Navigation/BellLink',
  component: BellLink,
  args: { to: '/notices', count: 3 },
  decorators: [withMemoryRouter],
};
export default meta;

type Story = StoryObj<typeof BellLink>;

export const Unread: Story = {};
export const NothingUnread: Story = { args: { count: 0 } };
export const Many: Story = { args: { count: 120 } };
/** A menu's row: the bell with its words. */
export const Labelled: Story = { args: { labelled: true, count: 1 } };

/** Every state on the dark header and on a light menu. */
export const Catalog: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 12 }}>
      <div style={{ display: 'flex', gap: 8, padding: 8, color: '#fff', background: '#0f1d3a' }}>
        {[0, 1, 21, 120].map((count) => (
          <BellLink key={count} to="/notices" count={count} />
        ))}
      </div>
      <div style={{ display: 'grid', gap: 4, padding: 8 }}>
        <BellLink to="/notices" count={0} labelled />
        <BellLink to="/notices" count={5} labelled />
      </div>
    </div>
  ),
};

/** The count is said in words, and the link goes to the notices. */
export const SaysTheCount: Story = {
  args: { count: 21 },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'Уведомления, 21 непрочитанное' });
    await expect(link).toHaveAttribute('href', '/notices');
    await expect(within(link).getByText('21')).toBeVisible();
  },
};

/** With nothing unread the bell has no badge and its name no count. */
export const NoBadgeWhenRead: Story = {
  args: { count: 0 },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'Уведомления' });
    await expect(within(link).queryByTestId('bell-count')).toBeNull();
  },
};
