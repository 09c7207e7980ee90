import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type ThemeState = { darkMode: boolean };

const initialState: ThemeState = { darkMode: false };

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
