/** One entry of a select: what is sent and what is shown. */
export interface Option {
  value: string;
  label: string;
}
