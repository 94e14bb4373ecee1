import path from 'node:path';
import { type MicroserviceDefinition } from '../microservices';
import { type MainServerConfig } from '../server/config';
import { loadDefaultExport } from './load-module';
import { firstLine, StartupError } from './startup-error';

const MICROSERVICE_TYPES: ReadonlySet<string> = new Set(['nativeApp', 'servletApp', 'staticFiles']);

/**
 * Loads the configuration module of `portico start`. A module whose default export is a single
 * microservice (the `nativeApp(...)` of a service module) is served as the only microservice of a
 * main server with the default settings. Every failure is a {@link StartupError} with one line.
 */
export async function loadMainServerConfig(file: string): Promise<MainServerConfig> {
  const loaded = await (async () => {
    const exported = loadModule(file);
    return typeof exported === 'function' ? await exported() : exported;
  })().catch((error: unknown) => {
    if (error instanceof StartupError) throw error;
    throw new StartupError(`cannot load ${file}: ${firstLine(error)}`, { cause: error });
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

function loadModule(file: string): unknown {
  if (/\.[cm]?tsx?$/.test(file)) {
    throw new StartupError(
      `${file} is TypeScript: compile it (npx tsc) and give the compiled .js file instead`,
    );
  }
  if (!resolvable(path.resolve(file))) {
    throw new StartupError(
      `cannot find ${file}: build the project first (npx tsc) and give the path of the compiled .js file`,
    );
  }
  return loadDefaultExport(file);
}

function resolvable(file: string): boolean {
  try {
    require.resolve(file);
    return true;
  } catch {
    return false;
  }
}
