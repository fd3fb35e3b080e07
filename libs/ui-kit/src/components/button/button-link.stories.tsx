import type { Meta, StoryObj } from '@storybook/react-vite';
import { withMemoryRouter } from '../../testing/with-memory-router';
import { expect, within } from 'storybook/test';
import type { ButtonSize, ButtonVariant } from './button';
import { ButtonLink } from './button-link';

const meta: Meta<typeof ButtonLink> = {
  title: 'Actions/ButtonLink',
  component: ButtonLink,
  args: { to: '/apply/1', children: 'Подать заявку' },
  decorators: [withMemoryRouter],
};
export default meta;

type Story = StoryObj<typeof ButtonLink>;

export const Primary: Story = {};
export const Secondary: Story = { args: { variant: 'secondary', children: 'Изменить' } };
export const FullWidth: Story = { args: { fullWidth: true } };

const variants: ButtonVariant[] = ['primary', 'secondary', 'ghost'];
const sizes: ButtonSize[] = ['sm', 'md', 'lg'];

/** Each look in each size: links that navigate, drawn like the actions they are. */
export const Catalog: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 12 }}>
      {variants.map((variant) => (
        <div key={variant} style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
          {sizes.map((size) => (
            <ButtonLink key={size} to="/" variant={variant} size={size}>
              Ко всем мероприятиям
            </ButtonLink>
          ))}
        </div>
      ))}
    </div>
  ),
};

/** It stays a link, with its address. */
export const IsALink: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Подать заявку' })).toHaveAttribute(
      'href',
      '/apply/1',
    );
  },
};
