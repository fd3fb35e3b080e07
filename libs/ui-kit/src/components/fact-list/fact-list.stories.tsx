import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Fact, FactList, type FactListProps } from './fact-list';

const meta: Meta<typeof FactList> = {
  title: 'Display/FactList',
  component: FactList,
  args: { layout: 'stacked' },
  render: (args) => (
    <FactList {...args}>
      <Fact term="Тренер">Петров Иван Сергеевич</Fact>
      <Fact term="Взнос">1 200 ₽</Fact>
      <Fact term="Место">Москва, ул. Спортивная, д. 1, спортивный комплекс «Олимпийский», малый зал</Fact>
    </FactList>
  ),
};
export default meta;

type Story = StoryObj<typeof FactList>;

export const Stacked: Story = {};
export const Columns: Story = { args: { layout: 'columns' } };
export const Inline: Story = { args: { layout: 'inline' } };

const layouts: NonNullable<FactListProps['layout']>[] = ['stacked', 'columns', 'inline'];

/** The three layouts side by side on a wide screen, one under another on a phone. */
export const Catalog: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 24, gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))' }}>
      {layouts.map((layout) => (
        <FactList key={layout} layout={layout}>
          <Fact term="Тренер">Не указан</Fact>
          <Fact term="Взнос">1 200 ₽</Fact>
        </FactList>
      ))}
    </div>
  ),
};

/** Terms and values are read as a description list. */
export const ReadAsTerms: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Тренер',
      'Взнос',
      'Место',
    ]);
    await expect(canvas.getAllByRole('definition')).toHaveLength(3);
  },
};
