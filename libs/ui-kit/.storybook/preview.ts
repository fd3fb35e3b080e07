import type { Preview } from '@storybook/react-vite';
import { createElement } from 'react';
import { DEFAULT_TEST_INSTANT, fixedClock } from '@fed/calendar';
import { ClockProvider } from '../src/lib/clock';
import '../src/styles/global.css';

// Stories stand at one instant, so that what a component marks as today looks the same every day.
const storyClock = fixedClock(DEFAULT_TEST_INSTANT);

const preview: Preview = {
  decorators: [
    (Story) => createElement(ClockProvider, { clock: storyClock, children: createElement(Story) }),
  ],
  parameters: {
    layout: 'padded',
    a11y: { test: 'error' },
    viewport: {
      options: {
        mobile: { name: 'Телефон 375', styles: { width: '375px', height: '740px' } },
        desktop: { name: 'Десктоп 1280', styles: { width: '1280px', height: '800px' } },
      },
    },
  },
};
export default preview;
