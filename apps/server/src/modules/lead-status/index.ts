// The public entry of the lead-status module: what code outside it may import (docs/architecture.md, "Dependencies
// point one way"). Its other files are its own.
export { startLeadStatusJobs } from './lead-status.jobs.ts';
