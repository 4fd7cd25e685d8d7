import { redactHeaders, redactUrl, SECRET_HEADERS, serializeError } from '@app/shared/server';
import { pino, type DestinationStream, type Logger } from 'pino';

type SerializedRequest = { id?: unknown; method?: string; url?: string; headers?: Record<string, unknown>; remoteAddress?: string };
type SerializedResponse = { statusCode?: number; headers?: Record<string, unknown> };

export const logSerializers = {
  err: serializeError,
  req: (req: SerializedRequest) => ({ id: req.id, method: req.method, url: redactUrl(req.url), headers: req.headers && redactHeaders(req.headers), remoteAddress: req.remoteAddress }),
  res: (res: SerializedResponse) => ({ statusCode: res.statusCode, headers: res.headers && redactHeaders(res.headers) }),
};

/** The API's logger: JSON lines, with credentials redacted wherever they appear (belt and braces with the serializers). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const headerPaths = SECRET_HEADERS.flatMap((h) => [`req.headers["${h}"]`, `res.headers["${h}"]`, `headers["${h}"]`]);
  return pino(
    {
      level,
      base: { service: 'api' },
      serializers: logSerializers,
      redact: { paths: [...headerPaths, 'password', '*.password', 'newPassword', '*.newPassword', 'token', '*.token', 'cardNumber', '*.cardNumber', 'cvc', '*.cvc'], censor: '[redacted]' },
    },
    destination,
  );
}
