import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch } from 'react-redux';
import type { SessionState } from './session-slice';

export type SessionDispatch = ThunkDispatch<{ session: SessionState }, unknown, UnknownAction>;

/** `useDispatch` that knows the session's thunks. */
export const useSessionDispatch = () => useDispatch<SessionDispatch>();
