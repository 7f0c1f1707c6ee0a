import { defineRouteSuite } from './support/route-suite.ts';

// The route sets of docs/product/routes.md: head has the admin's set (compared route by route), every section renders
// for head, and the rest is the 404 page. routes-admin.spec.ts renders each of those routes.
defineRouteSuite('head', { sameAs: 'admin' });
