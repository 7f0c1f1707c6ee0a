/** Where the server serves its API reference, and beside it the integration guide (docs/integration-guide.md). */
export const API_DOCS_PATH = '/api/docs';
export const INTEGRATION_GUIDE_PATH = '/api/docs/guide';
