import { type MainServerConfig } from 'portico';
import examples from '../examples/main';

/**
 * The example main server as a user starts it (`portico start`), bound to loopback only. The log
 * level comes from `LOG_LEVEL`, as for any user; the benchmark sets it per server.
 */
const config: MainServerConfig = { ...examples, host: '127.0.0.1' };

export default config;
