import { useLocation, useParams } from 'react-router';
import type { ColdSource } from '@pxl/contract/cold-api/cold.schemas';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { RecordLoader } from '@/components/ui/record-loader.tsx';
import { useLeadList } from '@/features/cold-api/api/lead-lists.ts';
import { LeadSearch } from '@/features/cold-api/components/lead-search.tsx';
import { ListLeadsTable } from '@/features/cold-api/components/list-leads-table.tsx';
import { useDisplayTimeZone } from '../settings/use-display-time-zone.ts';

/** The tab in the path decides which stored leads the page works with. */
const sourceOf = (pathname: string): ColdSource => (pathname.endsWith('/conversion') ? 'conversion' : 'user_session');

function LeadListScreen({ page }: { page: 'add' | 'details' }) {
  const { uuid } = useParams();
  const source = sourceOf(useLocation().pathname);
  const { timeZone } = useDisplayTimeZone();
  const leadList = useLeadList(uuid);
  return (
    <PageFrame>
      <RecordLoader query={leadList} noun="lead list">
        {(l) =>
          page === 'add' ? (
            <LeadSearch key={source} leadList={l} source={source} timeZone={timeZone} />
          ) : (
            <ListLeadsTable key={source} leadList={l} source={source} timeZone={timeZone} />
          )
        }
      </RecordLoader>
    </PageFrame>
  );
}

/** /cold-api/lead-list/add/{uuid}/user-session and …/conversion: find stored leads and add them. */
export const LeadListAddScreen = () => <LeadListScreen page="add" />;
/** /cold-api/lead-list/details/{uuid}/user-session and …/conversion: the list's leads and their last re-send. */
export const LeadListDetailsScreen = () => <LeadListScreen page="details" />;
