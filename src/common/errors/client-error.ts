import type { Socket } from 'node:net';
import { ERROR_MESSAGES } from './error-codes';

/**
 * Answers what Node's HTTP parser refuses before any route runs (a URL or headers past the size
 * limit, a timeout, a malformed request) in the API's Arabic envelope instead of Fastify's English.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [statusCode, code] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? ([408, 'REQUEST_TIMEOUT'] as const)
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? ([431, 'HEADERS_TOO_LARGE'] as const)
        : ([400, 'BAD_REQUEST'] as const);
  const body = JSON.stringify({ statusCode, code, message: ERROR_MESSAGES[code] });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${statusCode} ${code.replace(/_/g, ' ')}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
