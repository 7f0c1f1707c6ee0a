// The two advertiser views the staff offer screens render for the advertiser role (docs/product/routes.md):
// the list at /offers and the read-only detail at /offers/detail-direct-link/{uuid} and /offers/detail-api/{uuid}.
export { AdvertiserOffersList } from './advertiser-offers-list.tsx';
export { AdvertiserOfferDetail } from './advertiser-offer-detail.tsx';
