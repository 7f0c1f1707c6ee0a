import { Component, type ErrorInfo, type ReactNode } from 'react';
import {
  GLOBAL_ERROR_COPIED_ALERT,
  GLOBAL_ERROR_COPY_BUTTON,
  GLOBAL_ERROR_RETURN_LINK,
  GLOBAL_ERROR_TEXT,
} from '@pxl/contract/http/messages';
import { isChunkLoadError, scheduleChunkReload } from '@/lib/chunk-reload.ts';
import { reportError } from '@/lib/sentry.ts';

type State = { error: Error | null; componentStack: string };

export const errorDetails = (error: Error, componentStack: string): string =>
  [
    `Time: ${new Date().toISOString()}`,
    `URL: ${window.location.href}`,
    `User agent: ${navigator.userAgent}`,
    `Error: ${error.name}: ${error.message}`,
    error.stack ? `Stack:\n${error.stack}` : '',
    componentStack ? `Components:${componentStack}` : '',
  ]
    .filter(Boolean)
    .join('\n');

/**
 * The global error screen of docs/product/api-and-errors.md. Plain markup on purpose: the theme provider may be what failed.
 */
export class GlobalErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, componentStack: '' };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    this.setState({ componentStack: info.componentStack ?? '' });
    if (isChunkLoadError(error)) scheduleChunkReload();
    else reportError(error);
  }

  copy = async () => {
    const { error, componentStack } = this.state;
    if (!error) return;
    const text = errorDetails(error, componentStack);
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // Clipboard API needs a secure context; the textarea fallback works elsewhere.
      const area = document.createElement('textarea');
      area.value = text;
      document.body.appendChild(area);
      area.select();
      document.execCommand('copy');
      area.remove();
    }
    alert(GLOBAL_ERROR_COPIED_ALERT);
  };

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div
        role="alertdialog"
        style={{
          maxWidth: 560,
          margin: '80px auto',
          padding: 24,
          fontFamily: 'system-ui, sans-serif',
          textAlign: 'center',
        }}
      >
        <h1 style={{ fontSize: 22, marginBottom: 16 }}>{GLOBAL_ERROR_TEXT}</h1>
        <button type="button" onClick={this.copy} style={{ padding: '8px 16px', cursor: 'pointer' }}>
          {GLOBAL_ERROR_COPY_BUTTON}
        </button>
        <p style={{ marginTop: 24 }}>
          <a href="/dashboard">{GLOBAL_ERROR_RETURN_LINK}</a>
        </p>
      </div>
    );
  }
}
