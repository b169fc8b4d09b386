import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Menu } from 'semantic-ui-react';
import type { NavItem } from './nav-items';

/** A nav bar of links; the link of the current section is highlighted. */
export function MainNav({ items, variant }: { items: readonly NavItem[]; variant: 'admin' | 'user' }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('nav.label')} className={`main-nav main-nav-${variant}`}>
      <Menu secondary pointing inverted>
        {items.map((item) => (
          <Menu.Item key={item.to} as={NavLink} to={item.to}>
            {t(`nav.${item.labelKey}`)}
          </Menu.Item>
        ))}
      </Menu>
    </nav>
  );
}
