import { type MainServerConfig } from 'portico';
import bench from './portico.config';

/** The benchmark's main server with cross-origin headers off (`cors: false`). */
const config: MainServerConfig = {
  ...bench,
  ENTRY_POINTS: {
    WEB_SERVICE_FACADE_HTTP: { ...bench.ENTRY_POINTS?.WEB_SERVICE_FACADE_HTTP, cors: false },
  },
};

export default config;
