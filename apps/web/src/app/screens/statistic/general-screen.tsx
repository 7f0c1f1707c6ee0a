import { Center, Loader } from '@mantine/core';
import type { StatKind } from '@pxl/contract/statistic/index';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { GeneralReport } from '@/features/statistic/general/general-report.tsx';
import { useStatSetup } from './use-stat-setup.ts';

/** Statistics › General for one kind; the two routes differ only in the offers they count. */
function GeneralScreen({ kind }: { kind: StatKind }) {
  const { setup, ready } = useStatSetup(kind);
  return (
    <PageFrame>
      {ready ? (
        <GeneralReport key={kind} setup={setup} />
      ) : (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      )}
    </PageFrame>
  );
}

export const DirectLinkGeneralScreen = () => <GeneralScreen kind="direct_link" />;
export const ApiGeneralScreen = () => <GeneralScreen kind="api" />;
