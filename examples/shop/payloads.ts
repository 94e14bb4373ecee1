import { Alias, Field, Int, OneOf } from 'portico';

/** Where an order stands. */
export enum OrderStatus {
  New = 'NEW',
  Paid = 'PAID',
  Shipped = 'SHIPPED',
}

/** The currencies the shop takes: the list is the one place they are written. */
export const CURRENCIES = ['EUR', 'USD'] as const;

/** One of {@link CURRENCIES}. */
export type Currency = (typeof CURRENCIES)[number];

/** One line of an order. */
@Alias('orderLine')
export class OrderLine {
  /** The article number: three capitals, a dash and four digits. */
  @Field({ pattern: '^[A-Z]{3}-[0-9]{4}$' }) sku!: string;
  /** How many, 1 to 99. */
  @Field(Int, { minimum: 1, maximum: 99 }) quantity!: number;
}

/** An order to place. */
@Alias('order')
export class Order {
  /** The currency to pay in. */
  @Field(OneOf(CURRENCIES)) currency!: Currency;
  /** What to deliver: 1 to 20 lines. */
  @Field([OrderLine], { minItems: 1, maxItems: 20 }) lines!: OrderLine[];
  /** The latest wanted delivery, or null for as soon as possible. */
  @Field(Date, { nullable: true }) deliverBy!: Date | null;
  /** A note for the courier. */
  @Field({ optional: true, maxLength: 200 }) note?: string;
}

/** An order the shop has taken. */
@Alias('placedOrder')
export class PlacedOrder {
  /** Where the order stands. */
  @Field(OneOf(OrderStatus)) status!: OrderStatus;
  /** How many items the order has in all. */
  @Field(Int) items!: number;
  /** The currency to pay in. */
  @Field(OneOf(CURRENCIES)) currency!: Currency;
  /** The latest wanted delivery, or null for as soon as possible. */
  @Field(Date, { nullable: true }) deliverBy!: Date | null;

  constructor(order: Order) {
    this.status = OrderStatus.New;
    this.items = order.lines.reduce((sum, line) => sum + line.quantity, 0);
    this.currency = order.currency;
    this.deliverBy = order.deliverBy;
  }
}
