// The public entry of the fraud module: what code outside it may import (docs/architecture.md, "Dependencies
// point one way"). Its other files are its own.
export { fraudRoutes } from './fraud.routes.ts';
export { getFraudSettings, offerFraudSettingsOf } from './fraud.service.ts';

// The scoring engine (docs/product/fraud.md, docs/decisions/051-fraud-scoring.md): pure signals, the score, the
// data-centre lookup and the in-memory velocity counter, for the click, postback and lead paths.
export {
  botAgentReason,
  ctitReason,
  datacenterIpReason,
  duplicateContactReason,
  geoMismatchReason,
  ipMismatchReason,
  ipVelocityReason,
  type ContactMatches,
  type CtitInput,
  type GeoInput,
} from './signals.ts';
export { fraudScore, mergeReasons, verdictOf } from './score.ts';
export { reasonsInWords } from './words.ts';
export { loadDatacenterRanges, lookupDatacenter, type DatacenterMatch } from './datacenter.ts';
export { VelocityCounter, VELOCITY_MAX_KEYS, type VelocityCount } from './velocity.ts';
export {
  clickAction,
  conversionAction,
  leadAction,
  type ClickAction,
  type ConversionAction,
  type LeadAction,
} from './actions.ts';
export { ClickActionAudit } from './click-audit.ts';
