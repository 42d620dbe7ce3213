// Integration tests send every request on a fresh connection. A test that blocks its own event loop
// (reading and hashing 256 MiB synchronously) past the server's idle keep-alive timeout otherwise
// hands its next request to a socket the server closed meanwhile: undici checks a socket's idle
// timer only when its timers run, and it does not retry a POST ("other side closed").
const keepAliveFetch = globalThis.fetch;

globalThis.fetch = (input, init = {}) => {
  const headers = new Headers(init.headers ?? (input instanceof Request ? input.headers : undefined));
  if (!headers.has('connection')) headers.set('connection', 'close');
  return keepAliveFetch(input, { ...init, headers });
};
