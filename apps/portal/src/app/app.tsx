import { RouterProvider } from 'react-router-dom';
import { createPortalRouter } from './router';

const router = createPortalRouter();

export function App() {
  return <RouterProvider router={router} />;
}
