import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../button/button';
import { Tooltip } from './tooltip';

const meta: Meta<typeof Tooltip> = {
  title: 'Overlays/Tooltip',
  component: Tooltip,
  args: {
    content: 'Взнос оплачивается один раз в календарный год',
    children: <Button variant="secondary">Членский взнос</Button>,
  },
  decorators: [(Story) => <div style={{ padding: '24px 24px 96px' }}>{Story()}</div>],
};
export default meta;

type Story = StoryObj<typeof Tooltip>;

/** Hover or focus the button: bottom placement with an arrow. */
export const Default: Story = {};
export const Open: Story = { args: { open: true } };
/** A string is sanitized HTML: the bold stays, the script and handler go. */
export const HtmlContent: Story = {
  args: {
    open: true,
    content:
      '<b>Важно:</b> приём заявок до <u>1 марта</u><script>alert(1)</script><img src=x onerror="alert(1)">',
  },
};
export const TopWithoutArrow: Story = {
  args: { open: true, side: 'top', arrow: false },
  decorators: [(Story) => <div style={{ paddingTop: 72 }}>{Story()}</div>],
};
export const PlainText: Story = {
  args: { open: true, allowHtml: false, content: '<b>показано как текст</b>' },
};
