/**
 * An outside project written as TypeScript users write it: plain types, bare `@Field()` or no
 * decorator, JSDoc for limits and formats, and no `OneOf`, `nullable` or `@Field(type)`. Each
 * construct of docs/design-contract.md's table has a place in it.
 */
export const MODEL_SOURCE = `import { Field } from 'portico';

export enum Currency { Eur = 'EUR', Usd = 'USD' }
export enum Priority { Low = 1, High = 2, Top = 5 }
export type Genre = 'fiction' | 'poetry' | 'essay';
export type Status = 'open' | 'paid' | 'shipped';

/** @format email */
export type Email = string;
/** @format uuid */
export type Uuid = string;
/** @format date */
export type Day = string;
/** @format int32 */
export type Count = number;
/**
 * @minLength 2
 * @maxLength 12
 * @pattern ^[A-Z][a-z]*$
 */
export type Name = string;

export class Entity {
  @Field() id!: Uuid;
  @Field() created!: Date;
}

export class Book extends Entity {
  @Field() title!: Name;
  @Field() genre!: Genre;
  @Field() subtitle!: string | null;
  @Field() middleName?: string;
  /** @maxItems 3 */
  @Field() tags!: string[];
  /**
   * @format int32
   * @minimum 1
   * @maximum 5000
   */
  @Field() pages!: number;
}

export class Page<T> {
  @Field() items!: T[];
  /** @format int32 */
  @Field() total!: number;
}

export interface Box<T> { content: T; label?: string }

export interface Contact {
  name: Name;
  email: Email;
  phone?: string | null;
  since?: Day | null;
}

export interface Customer extends Contact {
  vip: boolean;
  priority: Priority;
  birthday?: Day;
}

export interface Money {
  /**
   * @minimum 0
   * @maximum 10000
   */
  amount: number;
  currency: Currency;
}

export interface Card { method: 'card'; /** @pattern ^[0-9]{4}$ */ last4: string }
export interface Transfer { method: 'transfer'; iban: string; reference?: string }
export interface Cash { method: 'cash' | 'voucher'; paid: Money }
/** How an order is paid. */
export type Payment = Card | Transfer | Cash;

export type Point = [number, number];
export type Span = [Day, Day?];
export type Trail = [string, ...boolean[]];

export interface Line {
  /** @maxLength 6 */
  sku: string;
  /**
   * @format int32
   * @minimum 1
   * @maximum 99
   */
  quantity: number;
  price: Readonly<Money>;
}

export interface Order {
  id: Uuid;
  customer: Omit<Customer, 'priority'>;
  lines: Line[];
  payment: Payment;
  notes: Record<string, string>;
  placed: Date;
  window?: Span;
  status: Status;
  discount: number | null;
  deliveries: Day[];
  shipBy?: Box<Day>;
}

export interface Stock { [sku: string]: number }
`;
