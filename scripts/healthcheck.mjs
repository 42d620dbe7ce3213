// The image's HEALTHCHECK (Dockerfile): liveness only. Readiness (database, storage) is
// /api/health/ready, for load balancers: a restart does not bring an unreachable S3 back.
const host = !process.env.HOST || ['0.0.0.0', '::'].includes(process.env.HOST) ? '127.0.0.1' : process.env.HOST;
const url = `http://${host.includes(':') ? `[${host}]` : host}:${process.env.PORT || 8787}/api/health`;
try {
  const res = await fetch(url, { signal: AbortSignal.timeout(4000) });
  process.exit(res.ok ? 0 : 1);
} catch {
  process.exit(1);
}
