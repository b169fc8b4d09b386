import { useEffect, useState } from 'react';

/**
 * One viewport's height above and below: what loads as it nears the viewport is drawn by the time
 * someone scrolling at a reading pace reaches it, and what lies further down costs nothing until then.
 */
export const NEAR_VIEW_MARGIN = '100% 0px 100% 0px';

/**
 * Whether `element` has come within `margin` of the viewport (an IntersectionObserver root margin,
 * e.g. one viewport's height above and below: `100% 0px 100% 0px`); stays true once it has. Without
 * IntersectionObserver (an old browser) it is true at once, so what waits for it loads as before.
 */
export function useNearViewport(element: HTMLElement | null, margin: string): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        setNear(true);
        observer.disconnect();
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, element, margin]);
  return near;
}
