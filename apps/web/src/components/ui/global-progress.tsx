import { useOpenRequests } from '@/lib/loading-store.ts';
import classes from './global-progress.module.css';

/** Thin top bar while any request is open (docs/product/screens-and-lists.md "Requests in flight"). */
export function GlobalProgress() {
  const open = useOpenRequests();
  if (open <= 0) return null;
  return (
    <div
      className={classes.bar}
      role="progressbar"
      aria-label="Loading data"
      data-testid="global-loading"
      data-open={open}
    />
  );
}
