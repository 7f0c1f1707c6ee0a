import { ComingSoon } from '@/components/ui/coming-soon.tsx';
import { PageFrame } from '@/components/ui/page-frame.tsx';

/** Every route whose screen is not built yet: frame, title and tabs only. */
export function ComingSoonScreen() {
  return (
    <PageFrame>
      <ComingSoon />
    </PageFrame>
  );
}
