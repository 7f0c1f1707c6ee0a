import { defineRouteSuite } from './support/route-suite.ts';

// Spec §2.3 with PRODUCT.md §2: every route of the manager set renders; the rest is the 404 page.
defineRouteSuite('manager');
