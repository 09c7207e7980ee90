import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type ThemeState = { darkMode: boolean };

/** The system's light or dark preference: the first default, before the learner chooses. */
export function systemPrefersDark(): boolean {
  try {
    return typeof window !== 'undefined' && window.matchMedia('(prefers-color-scheme: dark)').matches;
  } catch {
    return false;
  }
}

const initialState = (): ThemeState => ({ darkMode: systemPrefersDark() });

export const themeSlice = createSlice({
  name: 'theme',
  initialState,
  reducers: {
    toggleDarkMode(state) {
      state.darkMode = !state.darkMode;
    },
    setDarkMode(state, action: PayloadAction<boolean>) {
      state.darkMode = action.payload;
    },
  },
});

export const { toggleDarkMode, setDarkMode } = themeSlice.actions;
export const themeReducer = themeSlice.reducer;

export const selectDarkMode = (state: { theme: ThemeState }) => state.theme.darkMode;
