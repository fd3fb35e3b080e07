import type { Preview } from '@storybook/react-vite';
import '../src/styles/global.css';

const preview: Preview = {
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
