import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { appConfig } from './config/app-config.ts';
import { constantsQueryOptions } from './features/constants/api/get-constants.ts';
import { installChunkReload } from './lib/chunk-reload.ts';
import { queryClient } from './lib/query-client.ts';
import { initSentry } from './lib/sentry.ts';
import { refreshFromCookies } from './lib/session/auth-store.ts';
import { installViewportListener } from './lib/viewport-store.ts';

installChunkReload();
void initSentry(appConfig);
// A session stored in cookies is restored, so its token goes on every later request (docs/product/screens-and-lists.md).
refreshFromCookies();
installViewportListener();
// The core reference data is read at app start; failures only reach the console (docs/product/screens-and-lists.md).
void queryClient.prefetchQuery(constantsQueryOptions());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
