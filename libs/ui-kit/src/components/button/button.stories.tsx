import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button, type ButtonSize, type ButtonVariant } from './button';

const meta: Meta<typeof Button> = {
  title: 'Actions/Button',
  component: Button,
  args: { children: 'Подать заявку' },
};
export default meta;

type Story = StoryObj<typeof Button>;

export const Primary: Story = { args: { variant: 'primary' } };
export const Secondary: Story = { args: { variant: 'secondary' } };
export const Ghost: Story = { args: { variant: 'ghost' } };
export const Danger: Story = { args: { variant: 'danger', children: 'Отменить заявку' } };
export const Loading: Story = { args: { loading: true, children: 'Сохраняем' } };
export const Disabled: Story = { args: { disabled: true } };
export const FullWidth: Story = { args: { fullWidth: true } };

const variants: ButtonVariant[] = ['primary', 'secondary', 'ghost', 'danger'];
const sizes: ButtonSize[] = ['sm', 'md', 'lg'];
const sizeNames: Record<ButtonSize, string> = { sm: 'Малая', md: 'Средняя', lg: 'Большая' };

/** Every variant in every size, enabled, loading and disabled. */
export const Catalog: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 16 }}>
      {variants.map((variant) => (
        <div key={variant} style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
          {sizes.map((size) => (
            <Button key={size} variant={variant} size={size}>
              {sizeNames[size]}
            </Button>
          ))}
          <Button variant={variant} loading>
            Загрузка
          </Button>
          <Button variant={variant} disabled>
            Недоступно
          </Button>
        </div>
      ))}
    </div>
  ),
};
