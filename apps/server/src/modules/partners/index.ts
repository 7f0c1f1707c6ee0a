// The public entry of the partners module: what code outside it may import (docs/architecture.md, "Dependencies
// point one way"). Its other files are its own.
export { findPerson, type PeopleKind, personColumns, personOf } from './partners.repository.ts';
export {
  auditStatusChange,
  beginPartnerEdit,
  changePartnerStatus,
  endSessionsIfLockedOut,
  getPerson,
  insertPerson,
  listPeople,
} from './partners.service.ts';
