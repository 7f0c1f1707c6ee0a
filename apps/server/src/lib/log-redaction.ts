import type { FastifyServerOptions } from 'fastify';

// Query values that are credentials: an inbound postback carries the advertiser's token in its URL, and other URLs
// (buyer calls, affiliate postback URLs) may carry a password or key. None reaches a log line.
const SECRET_QUERY = /([?&](?:token|password|api_key|key)=)[^&#\s"\\]*/gi;

export const redactQuery = (text: string) => text.replace(SECRET_QUERY, '$1[redacted]');

type LoggerOption = FastifyServerOptions['logger'];

/**
 * The app's logger options with redaction: the request serializer names the URL without secrets, and every line is
 * scrubbed once more as it is written, so an error message or a field that quotes a URL leaks nothing either.
 */
export const withLogRedaction = (logger: LoggerOption): LoggerOption => {
  if (!logger) return logger;
  const options = logger === true ? {} : logger;
  return {
    ...options,
    serializers: {
      ...('serializers' in options ? options.serializers : {}),
      req: (req: { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } }) => ({
        method: req.method,
        url: redactQuery(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
    hooks: { streamWrite: redactQuery },
  };
};
