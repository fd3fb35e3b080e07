import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Button } from '../button/button';
import { ProgressBar } from './progress-bar';
import type { ProgressState } from './progress-phase';

const meta: Meta<typeof ProgressBar> = {
  title: 'Feedback/ProgressBar',
  component: ProgressBar,
  parameters: { layout: 'fullscreen' },
};
export default meta;

type Story = StoryObj<typeof ProgressBar>;

export const Idle: Story = { args: { state: 'idle' } };
/** Shows after the 200 ms throttle and trickles toward 90 % over 2 s. */
export const Loading: Story = { args: { state: 'loading' } };
/** A failed load: the red gradient for 500 ms, then the same fade and reset (replay it in Cycle). */
export const Failed: Story = { args: { state: 'error' } };

const stateNames: Record<ProgressState, string> = {
  idle: 'ожидание',
  loading: 'загрузка',
  finished: 'завершено',
  error: 'ошибка',
};

function Playground() {
  const [state, setState] = useState<ProgressState>('idle');
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, padding: 24 }}>
      <ProgressBar state={state} />
      <Button onClick={() => setState('loading')}>Начать загрузку</Button>
      <Button variant="secondary" onClick={() => setState('finished')}>
        Завершить
      </Button>
      <Button variant="danger" onClick={() => setState('error')}>
        Ошибка
      </Button>
      <p style={{ width: '100%' }}>Состояние: {stateNames[state]}</p>
    </div>
  );
}

/** Drive the whole cycle by hand: idle → loading → finished or error → fade → reset. */
export const Cycle: Story = { render: () => <Playground /> };
