import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { api } from '@/client/api/api-slice';
import { csrfSlice } from '@/client/api/csrf-slice';

const rootReducer = combineSlices(api, csrfSlice);

/** Creates the Redux store: the RTK Query cache plus the CSRF token. */
export function createStore() {
  return configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<typeof rootReducer>;
