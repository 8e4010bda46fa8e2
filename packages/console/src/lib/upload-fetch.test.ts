// Unit tests of the upload fetch's header parsing: XHR gives the response headers as one CRLF-separated text.
import { describe, expect, it } from 'vitest';
import { parseHeaders } from './upload-fetch.js';

describe('parseHeaders', () => {
  it('reads every header line, keeping values with colons and repeated names', () => {
    const headers = parseHeaders(
      'content-type: application/json\r\nx-request-id: req_1\r\nretry-after: 3\r\nlink: <http://a:1/x>\r\nvary: a\r\nvary: b\r\n',
    );
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('X-Request-Id')).toBe('req_1');
    expect(headers.get('Retry-After')).toBe('3');
    expect(headers.get('link')).toBe('<http://a:1/x>');
    expect(headers.get('vary')).toBe('a, b');
  });

  it('gives no headers for an empty text', () => {
    expect([...parseHeaders('').keys()]).toEqual([]);
  });
});
