import { readsWholeLog } from '@pxl/contract/access/capabilities';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { LogTable } from '@/features/logs/components/log-table.tsx';
import { usePublicSettings } from '@/features/settings/api/get-public-settings.ts';
import { useCurrentRole } from '@/lib/session/auth-store.ts';

export function PersonalLogsScreen() {
  // Dates show in the network's time zone, the same one the server cuts the date filter in.
  const settings = usePublicSettings();
  const role = useCurrentRole();
  return (
    <PageFrame>
      <LogTable timeZone={settings.data?.time_zone ?? 'UTC'} canFilterUser={readsWholeLog(role)} />
    </PageFrame>
  );
}
