import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * The anti-forgery token of the last session check. Kept in its own slice (rather than read from the
 * session query cache) so the api slice's `prepareHeaders` can read it without importing the session
 * endpoint that is itself injected into the api slice.
 */
export const csrfSlice = createSlice({
  name: 'csrf',
  initialState: { token: null as string | null },
  reducers: {
    csrfTokenReceived(state, action: PayloadAction<string | null>) {
      state.token = action.payload;
    },
  },
  selectors: {
    selectCsrfToken: (state) => state.token,
  },
});

export const { csrfTokenReceived } = csrfSlice.actions;
export const { selectCsrfToken } = csrfSlice.selectors;
