import type { PublicUser } from '@candlewise/shared';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type AuthState = { token: string | null; user: PublicUser | null };

const initialState: AuthState = { token: null, user: null };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    login(_state, action: PayloadAction<{ token: string; user: PublicUser }>) {
      return { token: action.payload.token, user: action.payload.user };
    },
    logout() {
      return initialState;
    },
    updateUser(state, action: PayloadAction<PublicUser>) {
      state.user = action.payload;
    },
  },
});

export const { login, logout, updateUser } = authSlice.actions;
export const authReducer = authSlice.reducer;

/** Typed against the slice alone, so the selector works with any store that mounts it under `auth`. */
export const selectAuth = (state: { auth: AuthState }) => state.auth;
