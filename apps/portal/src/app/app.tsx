import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { publicConfig } from '@fed/api-client';
import { startSession } from '@fed/auth-session';
import { ToastProvider } from '@fed/ui-kit';
import { installAnalytics } from './analytics';
import { createPortalRouter } from './router';
import { createPortalStore } from './store';

const store = createPortalStore();
void store.dispatch(startSession());
const router = createPortalRouter({ reportPageView: installAnalytics(publicConfig().analyticsId) });

export function App() {
  return (
    <Provider store={store}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </Provider>
  );
}
