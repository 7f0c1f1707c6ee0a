import { useMemo } from 'react';
import { toOptions } from '@pxl/contract/constants/options';
import { LANGUAGES } from '@pxl/contract/constants/languages.data';
import { MACROS } from '@pxl/contract/constants/constants.data';
import { useConstants } from '@/features/constants/api/get-constants.ts';

/** Languages and URL macros from the reference constants; the built-in lists stand in until they load. */
export function useLandingConstants() {
  const constants = useConstants();
  const languages = useMemo(
    () => toOptions(constants.data?.languages ?? LANGUAGES).sort((a, b) => a.label.localeCompare(b.label)),
    [constants.data],
  );
  return { languages, macros: constants.data?.macros ?? MACROS };
}
