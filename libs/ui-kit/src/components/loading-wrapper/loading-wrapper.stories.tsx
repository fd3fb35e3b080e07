import type { Meta, StoryObj } from '@storybook/react-vite';
import { LoadingWrapper } from './loading-wrapper';

const meta: Meta<typeof LoadingWrapper> = {
  title: 'Feedback/LoadingWrapper',
  component: LoadingWrapper,
  args: {
    children: (
      <div style={{ padding: 24, background: 'var(--color-surface)', borderRadius: 8 }}>
        <h3 style={{ marginTop: 0 }}>Первенство области по кумитэ</h3>
        <p>12–14 декабря, Екатеринбург</p>
      </div>
    ),
  },
};
export default meta;

type Story = StoryObj<typeof LoadingWrapper>;

export const Idle: Story = { args: { loading: false } };
export const Loading: Story = { args: { loading: true } };
