import { useEffect, useRef } from 'react';
import { Dropdown, type DropdownProps } from 'semantic-ui-react';

/**
 * Gives a semantic-ui dropdown what assistive technology needs and the library leaves out: the
 * selected-value live region loses its `alert` role (a listbox may own only options), a
 * select-only dropdown becomes a combobox with its menu as the listbox, and the
 * dropdown and its search input get a name, from `aria-label`, the `<label for>` of its `id`, or its
 * placeholder.
 */
export function repairDropdown(root: HTMLElement, props: DropdownProps): void {
  for (const text of root.querySelectorAll(':scope > .text[role="alert"]')) text.removeAttribute('role');
  // A select-only dropdown is a combobox whose menu is the listbox of its options (ARIA 1.2).
  if (root.getAttribute('role') === 'listbox') {
    root.setAttribute('role', 'combobox');
    root.setAttribute('aria-haspopup', 'listbox');
  }
  const menu = root.querySelector(':scope > .menu');
  if (menu && !menu.hasAttribute('role')) menu.setAttribute('role', 'listbox');
  // Only the listbox may say it takes several options.
  if (root.getAttribute('role') === 'combobox' && root.hasAttribute('aria-multiselectable')) {
    if (menu && root.getAttribute('aria-multiselectable') === 'true') menu.setAttribute('aria-multiselectable', 'true');
    root.removeAttribute('aria-multiselectable');
  }
  const input = root.querySelector<HTMLInputElement>(':scope > input.search');
  const named = (el: Element) => el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby');
  const label = root.id ? document.querySelector<HTMLLabelElement>(`label[for="${CSS.escape(root.id)}"]`) : null;
  const text = (props['aria-label'] as string | undefined) ?? (typeof props.placeholder === 'string' ? props.placeholder : undefined);
  for (const el of [root, input]) {
    if (!el || (named(el) && el !== input)) continue;
    if (label) {
      if (!label.id) label.id = `${root.id}-label`;
      el.setAttribute('aria-labelledby', label.id);
    } else if (text) el.setAttribute('aria-label', text);
  }
}

/** semantic-ui-react's Dropdown, repaired for accessibility after every render (see repairDropdown). */
export function AccessibleDropdown(props: DropdownProps) {
  // The class component keeps its element in `ref` (semantic-ui-react 2).
  const ref = useRef<{ ref?: { current: HTMLElement | null } }>(null);
  useEffect(() => {
    const root = ref.current?.ref?.current;
    if (root) repairDropdown(root, props);
  });
  return <Dropdown ref={ref as never} {...props} />;
}
