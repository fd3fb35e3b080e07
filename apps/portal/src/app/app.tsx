import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { ToastProvider } from '@fed/ui-kit';
import { createPortalRouter } from './router';
import { createPortalStore } from './store';

const store = createPortalStore();
const router = createPortalRouter();

export function App() {
  return (
    <Provider store={store}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </Provider>
  );
}
