import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Badge } from '../badge/badge';
import { Button } from '../button/button';
import { Card, Cluster, Section, Stack, type CardPadding } from './layout';

const meta: Meta<typeof Card> = {
  title: 'Layout/Card, Stack, Cluster, Section',
  component: Card,
  args: { padding: 'md', elevated: false },
  render: (args) => (
    <Card {...args}>
      <Stack gap={2}>
        <strong>Открытый турнир по каратэ</strong>
        <span>22–23 декабря · Москва</span>
      </Stack>
    </Card>
  ),
};
export default meta;

type Story = StoryObj<typeof Card>;

export const Plain: Story = {};
export const Elevated: Story = { args: { elevated: true } };
export const Fluid: Story = { args: { padding: 'fluid' } };

const paddings: CardPadding[] = ['sm', 'md', 'lg', 'fluid'];

/** Every padding, flat and elevated; a section with its action; a cluster wrapping on a phone. */
export const Catalog: Story = {
  render: () => (
    <Stack gap={6}>
      <Cluster gap={4} align="start">
        {paddings.map((padding) => (
          <Card key={padding} padding={padding}>
            padding={padding}
          </Card>
        ))}
        <Card elevated>elevated</Card>
      </Cluster>
      <Section title="Мои мероприятия" actions={<Button>Создать мероприятие</Button>}>
        <Stack as="ul" gap={3}>
          {['Кубок клуба', 'Первенство города'].map((name) => (
            <Card as="li" key={name}>
              <Cluster justify="between" align="baseline">
                <strong>{name}</strong>
                <Badge tone="muted">Завершено</Badge>
              </Cluster>
            </Card>
          ))}
        </Stack>
      </Section>
    </Stack>
  ),
};

/** A section is a landmark named by its heading, and a list stack stays a list. */
export const Named: Story = {
  render: () => (
    <Section title="Ближайшие мероприятия">
      <Stack as="ul">
        <li>Кубок клуба</li>
      </Stack>
    </Section>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: 'Ближайшие мероприятия' })).toBeVisible();
    await expect(canvas.getByRole('list')).toBeVisible();
  },
};
