import pino, { type Logger } from 'pino';
import { loadConfig, type AppConfig } from './config.server';

export type { Logger };

/**
 * The one log of the process (docs/deploy.md, "Logs"): one JSON object per line on standard output
 * (time, level, msg, and the event's own fields), written asynchronously in production so a busy
 * server makes few writes; in development on a terminal, the same events as readable lines
 * (pino-pretty, a dev dependency). The request log, start-up messages and the models (`ctx.log`)
 * all write here.
 */
export function createLogger(config: Pick<AppConfig, 'logLevel' | 'isProduction'>): Logger {
  const options = {
    level: config.logLevel,
    // No pid or host name: one process per container, and a collector knows its hosts.
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
  };
  // Someone reads a terminal: readable lines. Otherwise JSON lines, written asynchronously in production.
  if (!config.isProduction && process.stdout.isTTY)
    return pino({ ...options, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l' } } });
  // In production lines are written in batches of up to 4 KiB, and at least every 100 ms: one
  // write per request line cost a create of a paste a tenth of its CPU (bench/writes.bench.mjs).
  // What is buffered is written at exit; a process killed outright loses at most those 100 ms
  // (docs/deploy.md, "Logs").
  const destination = pino.destination(
    config.isProduction ? { dest: 1, sync: false, minLength: 4096, periodicFlush: 100 } : { dest: 1, sync: true },
  );
  // A log that cannot be written (a collector that went away: EPIPE; a full disk) must never take the
  // server down: without a listener, a failed write is an unhandled 'error' event.
  destination.on('error', () => undefined);
  return pino(options, destination);
}

let processLog: Logger | undefined;

/**
 * The log of code that has no model context: door error handlers, the page renderer, the drivers
 * and the database pool. Start-up hands it the process's logger (services.server.ts); code that
 * runs before that (or a test without a server) gets one from the environment.
 */
export function logOf(): Logger {
  return (processLog ??= createLogger(loadConfig()));
}

export function useProcessLog(logger: Logger): void {
  processLog = logger;
}
