import { loadConfig } from './config';
import { createLogger } from './logger';
import { markStopping } from './modules/system';
import { DEFAULT_WEB_DIST, createRuntime } from './runtime';

/** Beyond the grace for requests: mails being sent, webhook deliveries and the database closing. */
const SHUTDOWN_SLACK_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig(process.env, { webDistDir: process.env.WEB_DIST_DIR ?? DEFAULT_WEB_DIST });
  const log = createLogger(config.logLevel);
  const runtime = await createRuntime(config, log);
  await runtime.app.listen({ port: config.port, host: config.host });
  log.info({ url: config.publicUrl, engine: runtime.db.engine, dataDir: config.dataDir }, 'Phonebot Portal is running');

  let signalled: string | undefined;
  let closing = false;
  let endDrain: (() => void) | undefined;

  const close = (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      log.error('shutdown took too long, exiting');
      process.exit(1);
    }, config.shutdownGraceMs + SHUTDOWN_SLACK_MS);
    timer.unref();
    runtime
      .close()
      .then(() => {
        log.info({ signal }, 'stopped');
        process.exit(0);
      })
      .catch((error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };

  // The first signal drains for SHUTDOWN_DRAIN_MS: /readyz answers 503 while everything else is served, so a
  // balancer that polls readiness stops sending here before the process stops accepting. A second signal ends the
  // drain at once.
  const stop = (signal: string) => {
    if (signalled) {
      endDrain?.();
      return;
    }
    signalled = signal;
    markStopping(runtime.app);
    if (config.shutdownDrainMs <= 0) {
      close(signal);
      return;
    }
    log.info({ signal, drainMs: config.shutdownDrainMs }, 'draining: readiness answers 503');
    const drain = setTimeout(() => endDrain?.(), config.shutdownDrainMs);
    endDrain = () => {
      clearTimeout(drain);
      close(signal);
    };
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
