/**
 * The Content-Security-Policy of the renderer, in one place: the Vite build writes it into index.html (which is what
 * Electron enforces for file:// pages) and the browser-mode server also sends it as a header. No 'unsafe-eval':
 * nothing in the renderer may compile code from strings. Inline styles are allowed because Monaco positions its
 * widgets with style attributes.
 */
export const RENDERER_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "worker-src 'self' blob:",
  "connect-src 'self' ws://127.0.0.1:* ws://localhost:*",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');
