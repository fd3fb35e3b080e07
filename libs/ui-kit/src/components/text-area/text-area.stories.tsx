import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { TextArea } from './text-area';

const meta: Meta<typeof TextArea> = {
  title: 'Forms/TextArea',
  component: TextArea,
  args: { label: 'Причина', hint: 'Спортсмен увидит её в заявке' },
};
export default meta;

type Story = StoryObj<typeof TextArea>;

export const Empty: Story = {};
export const Required: Story = { args: { required: true } };
export const WithError: Story = { args: { error: 'Обязательное поле', required: true } };
export const Disabled: Story = { args: { disabled: true, defaultValue: 'Нет медицинской справки' } };

/** Empty, filled, with an error and disabled, one under another. */
export const Catalog: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 16, maxWidth: 480 }}>
      <TextArea label="Описание" hint="Необязательно" />
      <TextArea label="Описание" defaultValue={'Первая строка\nВторая строка'} rows={5} />
      <TextArea label="Причина" required error="Обязательное поле" />
      <TextArea label="Причина" disabled defaultValue="Нет медицинской справки" />
    </div>
  ),
};

/** Typed lines stay as typed. */
export const Types: Story = {
  play: async ({ canvasElement }) => {
    const field = within(canvasElement).getByRole('textbox', { name: 'Причина' });
    await userEvent.type(field, 'Нет справки{Enter}Нет страховки');
    await expect(field).toHaveValue('Нет справки\nНет страховки');
  },
};
