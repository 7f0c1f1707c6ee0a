import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { EXPORT_LEAVE_PROMPT } from '@pxl/contract/csv/export-pages';

/**
 * While `active`, closing or reloading the tab and in-app navigation to another page ask before leaving (docs/product/screens-and-lists.md).
 * Paging, sorting and filtering change only the query string of the same page, so they pass.
 */
export function useLeaveGuard(active: boolean, prompt: string = EXPORT_LEAVE_PROMPT): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => active && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(prompt)) blocker.proceed();
    else blocker.reset();
  }, [blocker, prompt]);

  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Browsers show their own text; older ones read returnValue.
      event.returnValue = prompt;
      return prompt;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active, prompt]);
}
