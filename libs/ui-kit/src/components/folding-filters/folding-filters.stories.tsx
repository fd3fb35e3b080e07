import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Stack } from '../layout/layout';
import { Select } from '../select/select';
import { TextInput } from '../text-input/text-input';
import { FoldingFilters } from './folding-filters';

const meta: Meta<typeof FoldingFilters> = {
  title: 'Lists/FoldingFilters',
  component: FoldingFilters,
  args: {
    count: 1,
    children: (
      <Stack>
        <TextInput label="Город" defaultValue="Казань" />
        <Select
          label="Пол"
          placeholder="Любой"
          options={[
            { value: 'male', text: 'Мужской' },
            { value: 'female', text: 'Женский' },
          ]}
        />
      </Stack>
    ),
  },
};
export default meta;

type Story = StoryObj<typeof FoldingFilters>;

export const NoneSet: Story = { args: { count: 0 } };

/** Below the `md` breakpoint (a phone viewport) the filters fold under «Фильтры (1)» and open from it. */
export const Opens: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const header = canvas.queryByRole('button', { name: 'Фильтры (1)' });
    if (header) await userEvent.click(header);
    await expect(canvas.getByLabelText('Город')).toBeVisible();
  },
};
