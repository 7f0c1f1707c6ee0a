/**
 * Keys of the reference queries several features share. A key names one shape of cached data: two hooks that
 * store different things (a record, a label) under one key would read each other's data.
 */
export const queryKeys = {
  affiliateOptions: (search: string) => ['affiliates', 'options', search] as const,
  affiliate: (uuid: string | undefined) => ['affiliates', 'one', uuid] as const,
  advertiserOptions: (search: string) => ['advertisers', 'options', search] as const,
  managerOptions: () => ['managers', 'options'] as const,
  landingOptions: () => ['landings', 'options'] as const,
  productOptions: () => ['offers', 'product-options'] as const,
  /** The display name of a record picked in a link, where only its UUID is known. */
  recordName: (kind: 'offer' | 'affiliate' | 'advertiser', uuid: string) => [`${kind}s`, 'name', uuid] as const,
  myBalance: () => ['payments', 'balance'] as const,
  /** The network's fraud settings (Settings › Fraud, and the flag threshold and placeholders elsewhere). */
  fraudSettings: () => ['fraud', 'settings'] as const,
};
