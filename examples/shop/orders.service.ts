import { Api, ApiOperation, Int, OneOf, RemoteMethod, RemoteService } from 'portico';
import { Order, OrderStatus, PlacedOrder } from './payloads';

const STEPS = [OrderStatus.New, OrderStatus.Paid, OrderStatus.Shipped];

/** Takes orders: an enum, a literal union, a nullable field and limits, enforced as documented. */
@Api({ description: 'Orders of the example shop' })
@RemoteService('orders')
export class OrdersService {
  @ApiOperation('Places an order')
  place(order: Order): PlacedOrder {
    return new PlacedOrder(order);
  }

  /** The status `steps` steps after `status`, at most shipped; RMC only. */
  @RemoteMethod({ params: [OneOf(OrderStatus), Int], returns: OneOf(OrderStatus) })
  advance(status: OrderStatus, steps: number): OrderStatus {
    const index = Math.min(STEPS.indexOf(status) + steps, STEPS.length - 1);
    return STEPS[Math.max(index, 0)] as OrderStatus;
  }
}
