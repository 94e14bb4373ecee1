import { type MainServerConfig } from 'portico';
import bench from './portico.config';

/**
 * The benchmark's main server with tracing on. Started plain, it measures the OpenTelemetry API's
 * no-op; started with `--require dist/bench/tracing-sdk.js`, an SDK that records every span.
 */
const config: MainServerConfig = { ...bench, tracing: true };

export default config;
