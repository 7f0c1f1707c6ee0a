import { useLocation } from 'react-router';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { RawDataNote } from '@/features/settings/components/raw-data-note.tsx';
import { kindOfPath } from '@/features/statistic/logs/log-query.ts';
import { LogView, type LogName } from '@/features/statistic/logs/log-view.tsx';
import { useStatSetup } from './use-stat-setup.ts';
import { PageLoader } from '@/components/ui/record-loader.tsx';

/** A log under /statistic/direct-link/… or /statistic/api/…: the path decides which offers' rows it lists. */
function LogScreen({ log }: { log: LogName }) {
  const kind = kindOfPath(useLocation().pathname);
  const { setup, ready } = useStatSetup(log === 'sessions' ? 'api' : kind);
  return (
    <PageFrame>
      {log === 'clicks' && <RawDataNote log="clicks" />}
      {/* Waits for the partner zone, so the log is not asked for in UTC first. */}
      {ready ? <LogView key={kind} setup={setup} log={log} /> : <PageLoader />}
    </PageFrame>
  );
}

/** /statistic/direct-link/clicks and /statistic/api/clicks. */
export const ClicksScreen = () => <LogScreen log="clicks" />;
/** /statistic/direct-link/conversion and /statistic/api/conversion. */
export const ConversionsScreen = () => <LogScreen log="conversions" />;
/** /statistic/api/user-session. */
export const UserSessionsScreen = () => <LogScreen log="sessions" />;
