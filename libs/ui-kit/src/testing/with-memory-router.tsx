import type { Decorator } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';

/** Stories of components that render router links (`ButtonLink`, page links) need a router around them. */
export const withMemoryRouter: Decorator = (Story) => (
  <MemoryRouter>
    <Story />
  </MemoryRouter>
);
