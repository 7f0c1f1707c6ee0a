import { Badge, NavLink as MantineNavLink, Stack } from '@mantine/core';
import { Link, NavLink } from 'react-router';
import { activeSection, type NavItem } from '@pxl/contract/routes/navigation';
import classes from './header-nav.module.css';

/** Unread counts shown beside a section's link, by the section's path (the tickets count). */
type Counts = Record<string, number>;

const CountBadge = ({ n, path }: { n: number | undefined; path: string }) =>
  n ? (
    <Badge size="xs" color="red" circle={n < 10} ml={4} data-testid={`nav-count-${path.slice(1)}`}>
      {n > 99 ? '99+' : n}
    </Badge>
  ) : null;

/** Header sections as links; a section is active while the path is inside it. */
export function HeaderNav({ items, pathname, counts = {} }: { items: NavItem[]; pathname: string; counts?: Counts }) {
  const active = activeSection(items, pathname);
  return (
    <nav className={classes.nav} aria-label="Main">
      {items.map((item) => (
        <Link
          key={item.path}
          to={item.path}
          aria-current={item === active ? 'page' : undefined}
          className={item === active ? `${classes.link} ${classes.active}` : classes.link}
          style={counts[item.path] ? { display: 'inline-flex', alignItems: 'center' } : undefined}
        >
          {item.label}
          <CountBadge n={counts[item.path]} path={item.path} />
        </Link>
      ))}
    </nav>
  );
}

/** The same sections stacked, for the burger drawer on narrow screens. */
export function DrawerNav({
  items,
  pathname,
  counts = {},
  onNavigate,
}: {
  items: NavItem[];
  pathname: string;
  counts?: Counts;
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
          rightSection={<CountBadge n={counts[item.path]} path={item.path} />}
          active={item === activeSection(items, pathname)}
          onClick={onNavigate}
        />
      ))}
    </Stack>
  );
}
