import { type MicroserviceDefinition } from '../microservices';
import { type MainServerConfig } from '../server/config';
import { checkModulePath, loadDefaultExport, loadFailure } from './load-module';
import { StartupError } from './startup-error';

const MICROSERVICE_TYPES: ReadonlySet<string> = new Set(['nativeApp', 'servletApp', 'staticFiles']);

/**
 * Loads the configuration module of `portico start`. A module whose default export is a single
 * microservice (the `nativeApp(...)` of a service module) is served as the only microservice of a
 * main server with the default settings. Every failure is a {@link StartupError} with one line.
 */
export async function loadMainServerConfig(file: string): Promise<MainServerConfig> {
  const loaded = await (async () => {
    const exported = await loadModule(file);
    return typeof exported === 'function' ? await exported() : exported;
  })().catch((error: unknown) => {
    if (error instanceof StartupError) throw error;
    throw new StartupError(loadFailure(file, error), { cause: error });
  });
  const value = loaded as Partial<MainServerConfig & MicroserviceDefinition> | null | undefined;
  if (value && MICROSERVICE_TYPES.has(String(value.type))) {
    return { microservices: [value as MicroserviceDefinition] };
  }
  if (!value || !Array.isArray(value.microservices)) {
    throw new StartupError(
      `the default export of ${file} is neither a main server configuration nor a microservice:` +
        ' export default { microservices: [...] }',
    );
  }
  return value as MainServerConfig;
}

function loadModule(file: string): Promise<unknown> {
  checkModulePath(file);
  return loadDefaultExport(file);
}
