import { type MainServerConfig } from 'portico';
import bench from './portico.config';

/** The benchmark's main server with its Prometheus metrics on. */
const config: MainServerConfig = { ...bench, metrics: true };

export default config;
