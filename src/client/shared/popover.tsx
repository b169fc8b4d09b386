import { cloneElement, useLayoutEffect, useRef, useState, type MouseEvent, type ReactElement, type ReactNode } from 'react';

/** Semantic UI's popup widths (`.ui.popup`, `.ui.wide.popup`), which the box is placed within. */
const WIDTH = { normal: 250, wide: 350 };
/** Space between the trigger and the box, and kept free at the viewport's edges. */
const GAP = 6;
const MARGIN = 8;
/** Below the trigger unless less than this fits there and more fits above. */
const MIN_HEIGHT_BELOW = 200;

/**
 * A box that a button opens and closes, drawn with Semantic UI's popup look, on the browser's own
 * Popover API: the box sits in the top layer (no table cell clips it), a click elsewhere or Escape
 * closes it, and the trigger stays its invoker (it toggles the box, and Tab goes from it into the
 * box). The box is mounted on the trigger's first click: a grid page draws dozens of names and
 * project codes, and most are never opened. `trigger` must render a `<button>`.
 */
export function Popover({
  trigger,
  children,
  className = '',
  align = 'start',
  wide = false,
}: {
  trigger: ReactElement<{ onClick?: (event: MouseEvent<HTMLElement>) => void }>;
  children: ReactNode;
  className?: string;
  /** Which edge of the trigger the box lines up with. */
  align?: 'start' | 'end';
  wide?: boolean;
}) {
  const [anchor, setAnchor] = useState<HTMLButtonElement | null>(null);
  // The first click mounts the box, which then opens itself; the click's default action is kept
  // from toggling it again. From then on the trigger is the box's invoker and toggles it.
  const opened = (event: MouseEvent<HTMLElement>) => {
    if (anchor || !(event.currentTarget instanceof HTMLButtonElement)) return;
    event.preventDefault();
    setAnchor(event.currentTarget);
  };
  return (
    <>
      {cloneElement(trigger, { onClick: opened })}
      {anchor && (
        <PopoverBox anchor={anchor} align={align} maxWidth={wide ? WIDTH.wide : WIDTH.normal} className={`ui popup portal-popover${wide ? ' wide' : ''} ${className}`}>
          {children}
        </PopoverBox>
      )}
    </>
  );
}

function PopoverBox({ anchor, align, maxWidth, className, children }: { anchor: HTMLButtonElement; align: 'start' | 'end'; maxWidth: number; className: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return undefined;
    // Placed before it opens for the widest it can be (it is not drawn yet), and once drawn for
    // its real width; while open, again when the page scrolls or the window changes size.
    let open = false;
    const place = (drawn: boolean) => placeBox(box, anchor.getBoundingClientRect(), align, maxWidth, drawn ? box.offsetWidth : undefined);
    const opening = (event: Event) => {
      if ((event as ToggleEvent).newState === 'open') place(false);
    };
    const toggled = (event: Event) => {
      open = (event as ToggleEvent).newState === 'open';
      if (open) place(true);
    };
    const follow = () => {
      if (open) place(true);
    };
    box.popover = 'auto';
    anchor.popoverTargetElement = box;
    anchor.setAttribute('aria-haspopup', 'dialog');
    box.addEventListener('beforetoggle', opening);
    box.addEventListener('toggle', toggled);
    window.addEventListener('scroll', follow, true);
    window.addEventListener('resize', follow);
    box.showPopover();
    open = true;
    place(true);
    return () => {
      box.removeEventListener('beforetoggle', opening);
      box.removeEventListener('toggle', toggled);
      window.removeEventListener('scroll', follow, true);
      window.removeEventListener('resize', follow);
      anchor.popoverTargetElement = null;
    };
  }, [anchor, align, maxWidth]);
  // Named by its trigger (the person's name, the project's code, the greeting).
  return (
    <div ref={ref} className={className} role="dialog" aria-label={anchor.textContent?.trim() || undefined}>
      {children}
    </div>
  );
}

/**
 * Places the box by the trigger's rectangle: below it, or above when more room is there; lined up
 * with the trigger's start or end edge and kept inside the viewport, for the box's drawn width, or
 * for the widest it can be while it is not drawn yet (`drawnWidth` unknown).
 */
function placeBox(box: HTMLElement, trigger: DOMRect, align: 'start' | 'end', maxWidth: number, drawnWidth?: number): void {
  const { clientWidth: width, clientHeight: height } = document.documentElement;
  const below = height - trigger.bottom - GAP - MARGIN;
  const above = trigger.top - GAP - MARGIN;
  const down = below >= MIN_HEIGHT_BELOW || below >= above;
  const fits = Math.min(maxWidth, width - 2 * MARGIN);
  const drawn = Math.min(drawnWidth ?? fits, fits);
  const edge = (distance: number) => `${Math.max(MARGIN, Math.min(distance, width - MARGIN - drawn))}px`;
  Object.assign(box.style, {
    left: align === 'start' ? edge(trigger.left) : 'auto',
    right: align === 'end' ? edge(width - trigger.right) : 'auto',
    top: down ? `${trigger.bottom + GAP}px` : 'auto',
    bottom: down ? 'auto' : `${height - trigger.top + GAP}px`,
    maxWidth: `${fits}px`,
    maxHeight: `${down ? below : above}px`,
  });
}
