/**
 * The Content-Security-Policy of the renderer, in one place. No 'unsafe-eval': nothing in the renderer may compile
 * code from strings. Inline styles are allowed because Monaco positions its widgets with style attributes.
 */
const COMMON_DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
];

/**
 * Browser mode's policy: the page also opens the events WebSocket on the loopback server. The Vite build writes it
 * into index.html and the browser-mode server sends it as a header.
 */
export const RENDERER_CSP = [...COMMON_DIRECTIVES, "connect-src 'self' ws://127.0.0.1:* ws://localhost:*"].join('; ');

/**
 * The desktop app's policy, sent with every file of the app:// protocol. The desktop page talks to the main process
 * over IPC only: no WebSocket, no other connection. (The page's own meta tag carries RENDERER_CSP; a page obeys every
 * policy it is given, so the stricter one holds.)
 */
export const DESKTOP_CSP = [...COMMON_DIRECTIVES, "connect-src 'self'", "frame-ancestors 'none'"].join('; ');
