import { nativeApp } from 'portico';
import { OrdersService } from './orders.service';

/** The `shop` microservice: orders. */
export default nativeApp({ name: 'shop', services: [OrdersService] });
