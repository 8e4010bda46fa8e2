// A fetch over XMLHttpRequest that reports the bytes of the request body sent: fetch() has no upload progress.
// The typed client takes it per call (`fetch` option), so an upload is still a @textclass/client call.

export type UploadProgress = (sent: number, total: number) => void;

/** Statuses whose Response must have no body (the Response constructor refuses one). */
const NULL_BODY = new Set([101, 204, 205, 304]);

/** Headers of XHR's getAllResponseHeaders() text. */
export function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** A fetch for one Request that calls `onProgress` as its body goes out (bytes sent, bytes in all). */
export function fetchWithUploadProgress(onProgress: UploadProgress): (request: Request) => Promise<Response> {
  return async (request) => {
    const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.blob();
    return new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(request.method, request.url);
      xhr.responseType = 'blob';
      request.headers.forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.upload.onprogress = (event) =>
        onProgress(event.loaded, event.lengthComputable ? event.total : (body?.size ?? 0));
      xhr.onload = () =>
        resolve(
          new Response(NULL_BODY.has(xhr.status) ? null : (xhr.response as Blob), {
            status: xhr.status,
            statusText: xhr.statusText,
            headers: parseHeaders(xhr.getAllResponseHeaders()),
          }),
        );
      xhr.onerror = () => reject(new TypeError('the connection failed while sending the file'));
      xhr.onabort = () => reject(new DOMException('The upload was stopped.', 'AbortError'));
      request.signal.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(body);
    });
  };
}
