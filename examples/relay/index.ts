import { nativeApp } from 'portico';
import { RelayService } from './relay.service';

/**
 * The `relay` microservice: its methods call `calc` over NATS, so it runs as a replica
 * (`portico microservice dist/examples/relay/index.js --nats <url>`) beside replicas of calc.
 */
export default nativeApp({ name: 'relay', services: [RelayService] });
