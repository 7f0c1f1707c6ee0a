import { NEWS_AUDIENCES, NEWS_STATES, type NewsAudience } from '@pxl/contract/news/news.schemas';
import type { Option } from '@pxl/contract/constants/options';

export const AUDIENCE_LABELS: Record<NewsAudience, string> = {
  affiliates: 'Affiliates',
  advertisers: 'Advertisers',
  all: 'Everyone',
};
export const AUDIENCE_OPTIONS: Option[] = NEWS_AUDIENCES.map((value) => ({ value, label: AUDIENCE_LABELS[value] }));
export const STATE_OPTIONS: Option[] = NEWS_STATES.map((value) => ({
  value,
  label: value === 'published' ? 'Published' : 'Scheduled',
}));
export const editNewsPath = (uuid: string) => `/settings/news/edit/${uuid}`;
