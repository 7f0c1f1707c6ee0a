import classes from './five-square-loader.module.css';

/** The guard shows a loader of five squares while reference data loads (docs/product/routes.md). */
export function FiveSquareLoader() {
  return (
    <div className={classes.wrap} role="status" aria-label="Loading" data-testid="loader">
      {[0, 1, 2, 3, 4].map((i) => (
        <span key={i} className={classes.square} />
      ))}
    </div>
  );
}
