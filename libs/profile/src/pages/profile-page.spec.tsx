import { configureStore } from '@reduxjs/toolkit';
import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { baseApi } from '@fed/api-client';
import { initialSessionState, sessionSlice, type SessionState } from '@fed/auth-session';
import { createToastStore, ToastProvider } from '@fed/ui-kit';
import { ProfilePage } from './profile-page';

function renderAt(path: string, session: Partial<SessionState>) {
  const store = configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer, [sessionSlice.name]: sessionSlice.reducer },
    preloadedState: { [sessionSlice.name]: { ...initialSessionState, ...session } },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
  const router = createMemoryRouter(
    [
      {
        path: '/profile/:id?',
        element: (
          <ProfilePage notFound={<p>не найдено</p>}>
            <h2>Мои заявки</h2>
          </ProfilePage>
        ),
      },
    ],
    {
      initialEntries: [path],
    },
  );
  render(
    <Provider store={store}>
      <ToastProvider store={createToastStore()}>
        <RouterProvider router={router} />
      </ToastProvider>
    </Provider>,
  );
}

const signedIn: Partial<SessionState> = {
  tokens: {
    token: 'a.eyJleHAiOjk5OTk5OTk5OTksIlNwb3J0c21hbiI6InAtMSIsIkNvbnRyYWN0b3JUeXBlIjoic3BvcnRzbWFuIn0.s',
    refreshToken: 'r',
  },
  user: {
    id: 'p-1',
    contractorType: 'sportsman',
    displayName: 'Соколов Андрей',
    avatarUrl: null,
    gender: 'male',
    ageClassId: null,
  },
};

describe('ProfilePage', () => {
  it('shows the signed-in account in the personal cabinet', () => {
    renderAt('/profile', signedIn);
    expect(screen.getByRole('heading', { level: 1, name: 'Личный кабинет' })).toBeVisible();
    expect(screen.getByText('Соколов Андрей')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Выйти' })).toBeVisible();
  });

  it('shows the sections the app composes into the own cabinet only', () => {
    renderAt('/profile', signedIn);
    expect(screen.getByRole('heading', { name: 'Мои заявки' })).toBeInTheDocument();
  });

  it('shows the own profile by its id too', () => {
    renderAt('/profile/p-1', signedIn);
    expect(screen.getByRole('heading', { name: 'Личный кабинет' })).toBeVisible();
  });

  it('leaves other profiles to the not-found view until they are built', () => {
    renderAt('/profile/someone-else', signedIn);
    expect(screen.getByText('не найдено')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Мои заявки' })).toBeNull();
  });
});
