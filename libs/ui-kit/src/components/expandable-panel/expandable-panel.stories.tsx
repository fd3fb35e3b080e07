import type { Meta, StoryObj } from '@storybook/react-vite';
import { Checkbox } from '../checkbox/checkbox';
import { ExpandablePanel } from './expandable-panel';

const meta: Meta<typeof ExpandablePanel> = {
  title: 'Navigation/ExpandablePanel',
  component: ExpandablePanel,
  args: {
    title: 'Фильтры',
    children: (
      <div style={{ display: 'grid', gap: 8 }}>
        <Checkbox label="Только предстоящие" />
        <Checkbox label="С открытой регистрацией" />
      </div>
    ),
  },
};
export default meta;

type Story = StoryObj<typeof ExpandablePanel>;

export const Collapsed: Story = {};
/** Click outside the panel to close it. */
export const Expanded: Story = { args: { defaultOpen: true } };
/** Outside clicks leave it open. */
export const Persistent: Story = { args: { defaultOpen: true, persistent: true } };
export const Disabled: Story = { args: { disabled: true } };
