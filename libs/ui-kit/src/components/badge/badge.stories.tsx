import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Badge, type BadgeTone } from './badge';

const meta: Meta<typeof Badge> = {
  title: 'Display/Badge',
  component: Badge,
  args: { children: 'Кумитэ', tone: 'primary', size: 'sm' },
};
export default meta;

type Story = StoryObj<typeof Badge>;

export const Tag: Story = {};
export const State: Story = { args: { children: 'На рассмотрении', tone: 'info', size: 'md' } };
export const Finished: Story = { args: { children: 'Завершено', tone: 'muted' } };

const tones: BadgeTone[] = ['primary', 'neutral', 'muted', 'info', 'success', 'warning', 'danger'];

/** Every tone in both sizes. */
export const Catalog: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 12 }}>
      {(['sm', 'md'] as const).map((size) => (
        <div key={size} style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
          {tones.map((tone) => (
            <Badge key={tone} tone={tone} size={size}>
              {tone}
            </Badge>
          ))}
        </div>
      ))}
    </div>
  ),
};

/** A list of tags stays a list, each tag its item. */
export const TagList: Story = {
  render: () => (
    <ul aria-label="Дисциплины и уровень" style={{ display: 'flex', gap: 8, padding: 0, listStyle: 'none' }}>
      <Badge as="li" tone="primary">
        Ката
      </Badge>
      <Badge as="li" tone="neutral">
        Всероссийские
      </Badge>
    </ul>
  ),
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Дисциплины и уровень' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  },
};
