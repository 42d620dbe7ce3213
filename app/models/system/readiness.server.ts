import type { ModelContext } from '~/models/context.server';

/** One dependency's state, as `/api/health/ready` reports it (docs/deploy.md, "Health checks"). */
export interface DependencyState {
  status: 'ok' | 'unreachable';
  /** How long the check took, or how long it waited before giving up. */
  ms: number;
}

export interface Readiness {
  ready: boolean;
  database: DependencyState;
  /**
   * `status` is the default storage's (where uploads go); every config is checked and counted. A public
   * endpoint never names them.
   */
  storage: DependencyState & { checked: number; unreachable: number };
}

/** A dependency that has not answered by then counts as unreachable: a probe must not hang. */
const CHECK_TIMEOUT_MS = 3_000;
/**
 * Answers are reused this long. The endpoint is public: without it, every probe (or an attacker's
 * flood) would become a database query plus one storage call per config.
 */
const REUSE_MS = 5_000;

async function check(probe: () => Promise<unknown>): Promise<DependencyState> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe(), timeout]);
    return { status: 'ok', ms: Date.now() - started };
  } catch {
    return { status: 'unreachable', ms: Date.now() - started };
  } finally {
    clearTimeout(timer);
  }
}

async function measure(ctx: ModelContext): Promise<Readiness> {
  const database = await check(() => ctx.db.$queryRawUnsafe('SELECT 1'));
  const configs = database.status === 'ok' ? await ctx.db.storageConfig.findMany() : [];
  const started = Date.now();
  // A listing of one key under each config's folder: proves the endpoint answers and the credentials
  // are accepted, without writing anything.
  const states = await Promise.all(
    configs.map((config) =>
      check(() => ctx.storage.driverFor(config).list(config.defaultFolder, { limit: 1, delimiter: '/' })),
    ),
  );
  // Readiness follows the default storage (where uploads go): a broken spare config an admin has not
  // removed must not take every replica out of a load balancer. The others are counted.
  const fallback = configs.findIndex((c) => c.isDefault);
  const defaultOk = database.status === 'ok' && (fallback < 0 || states[fallback]!.status === 'ok');
  const storage = {
    status: defaultOk ? ('ok' as const) : ('unreachable' as const),
    ms: Date.now() - started,
    checked: configs.length,
    unreachable: states.filter((s) => s.status !== 'ok').length,
  };
  return { ready: defaultOk, database, storage };
}

const reused = new WeakMap<ModelContext, { at: number; answer: Promise<Readiness> }>();

/**
 * Whether this process can serve: the database answers and so does the default storage.
 * Liveness (`/api/health`) is separate and never waits on these: a restart does not bring S3 back.
 * Concurrent callers share one measurement, and an answer is reused for REUSE_MS.
 */
export function readiness(ctx: ModelContext, now = Date.now()): Promise<Readiness> {
  const last = reused.get(ctx);
  if (last && now - last.at < REUSE_MS) return last.answer;
  const answer = measure(ctx);
  reused.set(ctx, { at: now, answer });
  return answer;
}
