import {
  LANDING_PRIVACIES,
  LANDING_STATUSES,
  LANDING_TYPES,
  type Landing,
  type LandingStatus,
} from '@pxl/contract/landings/landings.schemas';
import { buildPath } from '@pxl/contract/routes/index';
import type { Option } from '@pxl/contract/constants/options';

export const TYPE_LABELS: Record<Landing['type'], string> = { landing: 'Landing', prelanding: 'Pre-landing' };
export const STATUS_LABELS: Record<LandingStatus, string> = {
  active: 'Active',
  moderation: 'Moderation',
  stopped: 'Stopped',
  deleted: 'Deleted',
};
export const PRIVACY_LABELS: Record<Landing['privacy'], string> = { public: 'Public', private: 'Private' };
export const STATUS_COLORS: Record<LandingStatus, string> = {
  active: 'green',
  moderation: 'yellow',
  stopped: 'gray',
  deleted: 'dark',
};

export const TYPE_OPTIONS: Option[] = LANDING_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }));
export const STATUS_OPTIONS: Option[] = LANDING_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));
/** The form sets every status but deleted; deleting is a row action. */
export const FORM_STATUS_OPTIONS: Option[] = STATUS_OPTIONS.filter((o) => o.value !== 'deleted');
export const PRIVACY_OPTIONS: Option[] = LANDING_PRIVACIES.map((value) => ({ value, label: PRIVACY_LABELS[value] }));

export const labelOf = (labels: Record<string, string>, value: string): string => labels[value] ?? value;

export const editPath = (l: Pick<Landing, 'uuid'>): string => buildPath('/landings/edit/:uuid', { uuid: l.uuid });

/** Where "open preview" goes: the preview page when there is one, else the landing itself. */
export const previewHref = (l: Pick<Landing, 'url' | 'preview_url'>): string => l.preview_url || l.url;

export const offerLabel = (o: { id: number; title: string }): string => `#${o.id} ${o.title}`;
