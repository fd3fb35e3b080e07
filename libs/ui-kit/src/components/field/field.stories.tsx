import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { controlClassName, Field } from './field';

const meta: Meta<typeof Field> = {
  title: 'Forms/Field',
  component: Field,
  args: { controlId: 'field-story', label: 'Город', hint: 'Начните вводить название' },
  render: (args) => (
    <Field {...args}>
      <input id={args.controlId} className={controlClassName} />
    </Field>
  ),
};
export default meta;

type Story = StoryObj<typeof Field>;

export const WithHint: Story = {};
export const Required: Story = { args: { required: true } };
export const WithError: Story = { args: { error: 'Выберите город из подсказок' } };

/** A label, a hint, an error, and a picker button named by its label: the shapes a field takes. */
export const Catalog: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 16, maxWidth: 360 }}>
      <Field controlId="catalog-1" label="Название" required hint="До 200 символов">
        <input id="catalog-1" className={controlClassName} />
      </Field>
      <Field controlId="catalog-2" label="Город" error="Выберите город из подсказок">
        <input id="catalog-2" className={controlClassName} aria-invalid="true" />
      </Field>
      <Field controlId="catalog-3" labelId="catalog-3-label" label="Даты">
        <button
          type="button"
          id="catalog-3"
          className={controlClassName}
          aria-labelledby="catalog-3-label catalog-3"
        >
          Любые даты
        </button>
      </Field>
    </div>
  ),
};

/** A click on the label puts the cursor in the field. */
export const LabelFocuses: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByText('Город'));
    await expect(canvas.getByRole('textbox', { name: 'Город' })).toHaveFocus();
  },
};
