import { Link } from 'react-router';
import type { ResolvedTab } from '@pxl/contract/routes/navigation';
import classes from './tab-row.module.css';

/** One row of section tabs, rendered as real links so they can be opened in a new tab. */
export function TabRow({ tabs, level }: { tabs: ResolvedTab[]; level: number }) {
  return (
    <nav className={level === 0 ? classes.row : `${classes.row} ${classes.sub}`} aria-label="Section tabs">
      {tabs.map((tab) => (
        <Link
          key={tab.path}
          to={tab.path}
          className={tab.active ? `${classes.tab} ${classes.active}` : classes.tab}
          aria-current={tab.active ? 'page' : undefined}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
