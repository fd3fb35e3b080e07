import '@fed/ui-kit';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { installRoutePreloading, createRoutePreloader } from './app/route-preload';
import { routedPages } from './app/router';
import { portalRoutes } from './app/routes';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render the portal into.');

installRoutePreloading(createRoutePreloader(routedPages(portalRoutes)));

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
