import { defineRouteSuite } from './support/route-suite.ts';

// The route sets of docs/product/routes.md: every route of the affiliate set renders; the rest is the 404 page.
defineRouteSuite('affiliate');
