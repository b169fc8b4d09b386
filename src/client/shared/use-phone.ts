import { useSyncExternalStore } from 'react';

/** The width below which the portal lays a page out for a phone (Semantic UI's tablet breakpoint). */
export const PHONE_QUERY = '(max-width: 767.98px)';

const phoneMedia = typeof window === 'undefined' || !window.matchMedia ? null : window.matchMedia(PHONE_QUERY);
const subscribe = (onChange: () => void) => {
  phoneMedia?.addEventListener('change', onChange);
  return () => phoneMedia?.removeEventListener('change', onChange);
};
const isPhone = () => phoneMedia?.matches ?? false;

/** Whether the window is phone-wide now (follows a turned phone or a resized window). */
export function usePhone(): boolean {
  return useSyncExternalStore(subscribe, isPhone, () => false);
}
