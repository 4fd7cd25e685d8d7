/**
 * The browser's one way to call the API. Every call sends cookies; a JSON body and its
 * content type only when a payload is given. A non-OK response throws ApiError whose message
 * is "status: detail" (spec 01 §8): detail is the body's message, else its error, else the
 * serialized body; for a non-JSON body its text; if reading fails, the status text or
 * "Unknown error occurred".
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  /** The spec's detail: the server's message, else the serialized body or text (spec 01 §8). */
  readonly detail: string;
  /** A sentence the server wrote for people (a JSON message or error field, or a short plain text), else null. */
  readonly serverMessage: string | null;
  constructor(status: number, detail: string, body: unknown, serverMessage: string | null = null) {
    super(`${status}: ${detail}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.detail = detail;
    this.serverMessage = serverMessage;
  }
}

/** Raised when the request never got a response (the spec's "Connection error"). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Network request failed', { cause });
    this.name = 'NetworkError';
  }
}

/**
 * What a toast or page shows for a failed call: the server's message, else the spec's fallback
 * sentence for that case. Never a raw body: `{}`, JSON without a message, or an HTML error page.
 */
export function errorMessage(err: unknown, fallback = 'Please try again.'): string {
  return (err instanceof ApiError && err.serverMessage) || fallback;
}

/** Plain words a proxy or server may answer with ("Bad gateway"), but not markup or a long page. */
const readableText = (text: string) => (text.length > 0 && text.length <= 200 && !/[<>{}]/.test(text) ? text : null);

export async function errorFromResponse(res: Response): Promise<ApiError> {
  let detail: string;
  let body: unknown = null;
  let serverMessage: string | null = null;
  try {
    const text = await res.text();
    try {
      body = JSON.parse(text);
      const b = body as { message?: unknown; error?: unknown } | null;
      if (b && typeof b.message === 'string' && b.message.trim()) detail = serverMessage = b.message;
      else if (b && typeof b.error === 'string' && b.error.trim()) detail = serverMessage = b.error;
      else detail = JSON.stringify(body);
    } catch {
      body = text;
      detail = text || res.statusText || 'Unknown error occurred';
      serverMessage = readableText(text.trim());
    }
  } catch {
    detail = res.statusText || 'Unknown error occurred';
  }
  return new ApiError(res.status, detail, body, serverMessage);
}

export type RequestOptions = { headers?: Record<string, string>; signal?: AbortSignal; base?: string };

export async function apiRequest<T = unknown>(
  method: string,
  path: string,
  payload?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { ...options.headers };
  const init: RequestInit = { method, credentials: 'include', headers, signal: options.signal };
  if (payload !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(payload);
  }
  let res: Response;
  try {
    res = await fetch((options.base ?? '') + path, init);
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    throw new NetworkError(err);
  }
  if (!res.ok) throw await errorFromResponse(res);
  if (res.status === 204) return undefined as T;
  const type = res.headers.get('content-type') ?? '';
  return (type.includes('application/json') ? res.json() : res.text()) as Promise<T>;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>('GET', path, undefined, options),
  post: <T>(path: string, payload?: unknown, options?: RequestOptions) => apiRequest<T>('POST', path, payload, options),
  put: <T>(path: string, payload?: unknown, options?: RequestOptions) => apiRequest<T>('PUT', path, payload, options),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, undefined, options),
};

export type FormUploadOptions = {
  /** Bytes of the body sent so far (the browser's own count). */
  onUploadProgress?: (sent: number, total: number) => void;
  /** Each JSON line of a streamed answer (`application/x-ndjson`), as it arrives. */
  onLine?: (line: unknown) => void;
};

/**
 * Posts a multipart form and reports real progress: bytes sent (fetch cannot tell upload
 * progress; XMLHttpRequest can), then the server's JSON lines as they arrive. Errors follow the
 * same rule as every call ("status: detail").
 */
export function postFormWithProgress(path: string, form: FormData, options: FormUploadOptions = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let read = 0;
    const drain = (final: boolean) => {
      if (xhr.status < 200 || xhr.status >= 300) return;
      const text = xhr.responseText;
      const end = final ? text.length : text.lastIndexOf('\n') + 1;
      for (const line of text.slice(read, end).split('\n')) if (line.trim()) options.onLine?.(JSON.parse(line));
      read = Math.max(read, end);
    };
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/x-ndjson');
    xhr.upload.onprogress = (e) => options.onUploadProgress?.(e.loaded, e.lengthComputable ? e.total : 0);
    xhr.onprogress = () => drain(false);
    xhr.onerror = () => reject(new NetworkError(new Error('upload failed')));
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          drain(true);
          resolve();
        } catch (err) {
          reject(err);
        }
        return;
      }
      const res = new Response(xhr.responseText, { status: xhr.status, statusText: xhr.statusText, headers: { 'content-type': xhr.getResponseHeader('content-type') ?? '' } });
      errorFromResponse(res).then(reject, reject);
    };
    xhr.send(form);
  });
}
