import { NavLink as MantineNavLink, Stack } from '@mantine/core';
import { Link, NavLink } from 'react-router';
import { activeSection, type NavItem } from '@pxl/contract/routes/navigation';
import classes from './header-nav.module.css';

/** Header sections as links; a section is active while the path is inside it. */
export function HeaderNav({ items, pathname }: { items: NavItem[]; pathname: string }) {
  const active = activeSection(items, pathname);
  return (
    <nav className={classes.nav} aria-label="Main">
      {items.map((item) => (
        <Link
          key={item.path}
          to={item.path}
          aria-current={item === active ? 'page' : undefined}
          className={item === active ? `${classes.link} ${classes.active}` : classes.link}
        >
          {item.label}
        </Link>
      ))}
    </nav>
  );
}

/** The same sections stacked, for the burger drawer on narrow screens. */
export function DrawerNav({
  items,
  pathname,
  onNavigate,
}: {
  items: NavItem[];
  pathname: string;
  onNavigate: () => void;
}) {
  return (
    <Stack gap={2} component="nav" aria-label="Main menu">
      {items.map((item) => (
        <MantineNavLink
          key={item.path}
          component={NavLink}
          to={item.path}
          label={item.label}
          active={item === activeSection(items, pathname)}
          onClick={onNavigate}
        />
      ))}
    </Stack>
  );
}
