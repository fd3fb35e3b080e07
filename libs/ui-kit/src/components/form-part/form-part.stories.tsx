import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { TextInput } from '../text-input/text-input';
import { FormPart } from './form-part';

const meta: Meta<typeof FormPart> = {
  title: 'Forms/FormPart',
  component: FormPart,
  args: { legend: 'Контакты', note: 'Контактный телефон, почта и сайт видны всем на странице клуба.' },
  render: (args) => (
    <form style={{ maxWidth: 880 }} onSubmit={(event) => event.preventDefault()}>
      <FormPart {...args}>
        <TextInput label="Электронная почта" type="email" />
        <TextInput label="Сайт" type="url" placeholder="https://" />
      </FormPart>
    </form>
  ),
};
export default meta;

type Story = StoryObj<typeof FormPart>;

/** Fields one under another: a short part, or one that reads best on a phone. */
export const Stacked: Story = {};

/** Fields two across from 768 px, one under another on a phone. */
export const TwoAcross: Story = { args: { fields: 'two-across' } };

/** A part of a long form drawn as a card, its title on the card's border. */
export const Framed: Story = { args: { framed: true, note: undefined, legend: 'Основное' } };

/** The title names every field of the part for a screen reader, and the fields take input. */
export const NamesItsFields: Story = {
  args: { fields: 'two-across' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const part = canvas.getByRole('group', { name: 'Контакты' });
    const email = within(part).getByRole('textbox', { name: 'Электронная почта' });
    await userEvent.type(email, 'club@example.org');
    await expect(email).toHaveValue('club@example.org');
  },
};
