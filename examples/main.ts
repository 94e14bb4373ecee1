import { type MainServerConfig } from 'portico';
import calc from './calc';
import docs from './docs';
import shop from './shop';

/** The example main server: `npm start` serves it on port 8082. */
const config: MainServerConfig = {
  microservices: [calc, shop, docs],
  ENTRY_POINTS: { WEB_SERVICE_FACADE_HTTP: { defaultApiId: 'ROA' } },
};

export default config;
