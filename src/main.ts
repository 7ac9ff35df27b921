import 'reflect-metadata';
import { createHttpApp } from './bootstrap';
import { runEntryPoint, startInfrastructure, stopOnSignals } from './entry-point';

/** The api process: HTTP, plus the worker in the same process unless WORKER_IN_PROCESS=false. */
runEntryPoint('Failed to start', async (config, logger) => {
  const infra = await startInfrastructure(config, logger);
  if (config.appSecretSource === 'file') logger.info('APP_SECRET not set: using the one kept in the data folder');

  const app = await createHttpApp({ config, logger, worker: config.workerInProcess });
  stopOnSignals(app, infra, logger, 'shutting down');

  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' ? 'localhost' : config.host;
  logger.info(
    { port: config.port, worker: config.workerInProcess },
    `ready: public site http://${shown}:${config.port}/ · admin http://${shown}:${config.port}/admin/login`,
  );
});
