import type { Meta, StoryObj } from '@storybook/react-vite';
import { Notice, type NoticeProps } from './notice';

const meta: Meta<typeof Notice> = {
  title: 'Feedback/Notice',
  component: Notice,
  args: {
    title: 'Приём заявок закрыт',
    children: <p>Срок подачи заявок истёк 1 декабря.</p>,
  },
};
export default meta;

type Story = StoryObj<typeof Notice>;

export const Info: Story = { args: { tone: 'info' } };
export const Warning: Story = { args: { tone: 'warning' } };
export const Danger: Story = { args: { tone: 'danger', role: 'alert', title: 'Не удалось загрузить' } };
export const TitleOnly: Story = { args: { children: undefined } };

const tones: NonNullable<NoticeProps['tone']>[] = ['info', 'success', 'warning', 'danger'];

/** Every tone, with a title and a body, a title alone and a list in the body. */
export const Catalog: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 12, maxWidth: 560 }}>
      {tones.map((tone) => (
        <Notice key={tone} tone={tone} title={`Тон «${tone}»`}>
          <p>Что случилось и что делать дальше.</p>
          <ul>
            <li>первая причина</li>
            <li>вторая причина</li>
          </ul>
        </Notice>
      ))}
      <Notice title="Только заголовок" />
    </div>
  ),
};
