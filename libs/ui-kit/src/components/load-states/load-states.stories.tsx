import type { Meta, StoryObj } from '@storybook/react-vite';
import { withMemoryRouter } from '../../testing/with-memory-router';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../button/button';
import {
  AsyncList,
  EmptyState,
  ErrorState,
  ListSkeleton,
  MissingRecord,
  PageSkeleton,
  SkeletonLine,
} from './load-states';

const meta: Meta<typeof ErrorState> = {
  title: 'Lists/Load states',
  component: ErrorState,
  args: { title: 'Не удалось загрузить заявки', onRetry: fn() },
  decorators: [withMemoryRouter],
};
export default meta;

type Story = StoryObj<typeof ErrorState>;

export const Failed: Story = {};
export const ErrorWithReason: Story = { args: { children: 'Сервис временно недоступен.' } };
export const Page: Story = { render: () => <PageSkeleton label="Загрузка мероприятия…" /> };
export const List: Story = { render: () => <ListSkeleton label="Загрузка заявок…" /> };
export const Empty: Story = {
  render: () => (
    <EmptyState title="У вас пока нет заявок">
      <a href="/competitions">Перейти к мероприятиям</a>
    </EmptyState>
  ),
};
export const EmptyCentred: Story = {
  render: () => (
    <EmptyState
      align="center"
      title="Мероприятия не найдены"
      text="Попробуйте изменить условия поиска или сбросить фильтры."
    >
      <Button variant="secondary">Сбросить фильтры</Button>
    </EmptyState>
  ),
};
export const Missing: Story = {
  render: () => (
    <MissingRecord
      title="Мероприятие не найдено"
      text="Возможно, ссылка устарела или в ней опечатка."
      backTo="/competitions"
      backText="Ко всем мероприятиям"
    />
  ),
};

/** Every state a list or a page passes through: loading, empty, failed, missing. */
export const Catalog: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 24, maxWidth: 720 }}>
      <div style={{ display: 'grid', gap: 8 }}>
        <SkeletonLine size="title" />
        <SkeletonLine size="half" />
        <SkeletonLine size="short" />
        <SkeletonLine />
      </div>
      <ListSkeleton label="Загрузка заявок…" count={2} />
      <EmptyState title="Заявок пока нет" />
      <EmptyState align="center" title="Мероприятия не найдены" text="Новые мероприятия появятся здесь." />
      <ErrorState {...args} />
    </div>
  ),
};

/** The retry button asks again. */
export const Retries: Story = {
  play: async ({ args, canvasElement }) => {
    const alert = within(canvasElement).getByRole('alert');
    await userEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

const events = [
  { id: '1', name: 'Кубок клуба' },
  { id: '2', name: 'Первенство города' },
];

/** A list read from the server: its items, dimmed while the next page is read. */
export const AsyncListLoaded: Story = {
  render: (args) => (
    <AsyncList
      items={events}
      fetching
      failed={false}
      texts={{
        loading: 'Загрузка мероприятий…',
        errorTitle: 'Не удалось загрузить мероприятия',
        emptyTitle: 'Мероприятий нет',
      }}
      onRetry={args.onRetry}
      itemKey={(event) => event.id}
      renderItem={(event) => <li>{event.name}</li>}
    />
  ),
};
