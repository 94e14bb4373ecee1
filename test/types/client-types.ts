/**
 * Compiled by `npm run typecheck`, never run: each `@ts-expect-error` fails the build if the line
 * under it stops being an error, so the client's types keep refusing what they refuse today.
 */
import { createClient, createNatsClient, type Plain, withCallOptions } from 'portico';
import type { CalculatorService } from '../../examples/calc/calculator.service';
import type { MultiplierService } from '../../examples/calc/multiplier.service';

class Address {
  street!: string;
  zip?: string;
  format(): string {
    return this.street;
  }
}

class Person {
  name!: string;
  born!: Date;
  nickname?: string;
  partner!: Person | null;
  address!: Address;
  visits!: { at: Date; where: string }[];
  greet(): string {
    return this.name;
  }
}

declare class PeopleService {
  find(id: number): Promise<Person>;
  rename(person: Person, name: string): Person;
  remove(id: number): Promise<void>;
  count(): number;
  private audit(id: number): void;
  protected check(): boolean;
  subscribe(listener: (person: Person) => void): void;
  sum(...values: number[]): number;
  readonly label: string;
}

type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assertType = <T extends true>(): T => true as T;

// A payload maps to its fields: methods dropped, Date kept, optional and nullable kept.
assertType<Equal<Plain<Address>, { street: string; zip?: string }>>();
assertType<Equal<Plain<Person>['born'], Date>>();
assertType<Equal<Plain<Person>['partner'], Plain<Person> | null>>();
assertType<Equal<Plain<Person>['nickname'], string | undefined>>();
assertType<Equal<Plain<Person>['visits'], { at: Date; where: string }[]>>();

const dates = {
  find: { '$.born': true, '$.partner.born': true, '$.visits[*].at': true },
  rename: { '$.born': true, '$.partner.born': true, '$.visits[*].at': true },
} as const;

const calcOptions = { baseUrl: '', microservice: 'visits', service: 'visits' };

const people = createClient<PeopleService>({
  baseUrl: '',
  microservice: 'people',
  service: 'people',
  dates,
  timeoutMs: 1000,
});

async function calls(person: Plain<Person>): Promise<void> {
  // Promise<T> results come back as Promise<T>, void as void.
  const found: Plain<Person> = await people.find(1);
  const when: Date = found.born;
  const nothing: undefined = await people.remove(1);
  const count: number = await people.count();
  await people.rename(person, 'Ada');
  void [when, nothing, count];

  // @ts-expect-error a wrong argument type
  await people.find('1');
  // @ts-expect-error an extra argument
  await people.find(1, 2);
  // @ts-expect-error a missing argument
  await people.rename(person);
  // @ts-expect-error a payload with a missing field
  await people.rename({ name: 'Ada' }, 'Ada');
  // @ts-expect-error a payload field of the wrong type
  await people.rename({ ...person, born: 'yesterday' }, 'Ada');
  // @ts-expect-error the result used as the wrong type
  const wrong: string = await people.count();
  // @ts-expect-error a date field is a Date, not its text
  const text: string = (await people.find(1)).born;
  // @ts-expect-error a method of a payload does not cross the wire
  (await people.find(1)).greet();
  void [wrong, text];

  // @ts-expect-error a private method is not remote
  await people.audit(1);
  // @ts-expect-error a protected method is not remote
  await people.check();
  // @ts-expect-error a method that takes a callback cannot be remote
  await people.subscribe(() => {});
  // @ts-expect-error a method with rest parameters has no arity to send
  await people.sum(1, 2);
  // @ts-expect-error a field is not a method
  await people.label;
  // @ts-expect-error a name the service does not have
  await people.nope();
}

// @ts-expect-error a service whose results hold dates needs their paths
createClient<PeopleService>({ baseUrl: '', microservice: 'people', service: 'people' });

createClient<PeopleService>({
  baseUrl: '',
  microservice: 'people',
  service: 'people',
  // @ts-expect-error each method whose result holds dates has an entry: rename has none
  dates: { find: dates.find },
});

createClient<PeopleService>({
  baseUrl: '',
  microservice: 'people',
  service: 'people',
  dates: {
    // @ts-expect-error a path where the result has no date
    find: { ...dates.find, '$.name': true },
    rename: dates.rename,
  },
});

interface Visit {
  at: Date;
  until?: Date | null;
  notes: { written: Date }[];
}
declare class VisitService {
  visit(id: number): Promise<Visit>;
}
const visitDates = { '$.at': true, '$.until': true, '$.notes[*].written': true } as const;
createClient<VisitService>({ ...calcOptions, dates: { visit: visitDates } });
createClient<VisitService>({
  ...calcOptions,
  // @ts-expect-error a result that does not hold itself needs every date path: until is left out
  dates: { visit: { '$.at': true, '$.notes[*].written': true } },
});

createClient<CalculatorService>({
  baseUrl: '',
  microservice: 'calc',
  service: 'calculator',
  // @ts-expect-error a service without dates takes no date paths
  dates: { add: { '$.result': true } },
});

async function examples(): Promise<void> {
  const calculator = createClient<CalculatorService>({
    baseUrl: 'http://localhost:8082',
    microservice: 'calc',
    service: 'calculator',
  });
  const sum: number = (await calculator.add({ a: 1, b: 2 })).result;
  // @ts-expect-error an extra field in a payload literal
  await calculator.add({ a: 1, b: 2, c: 3 });
  // @ts-expect-error the result is an object, not a number
  const bare: number = await calculator.add({ a: 1, b: 2 });
  const slow = withCallOptions(calculator, { timeoutMs: 10 });
  await slow.div({ a: 1, b: 1 });

  const multiplier = createNatsClient<MultiplierService>({
    microservice: 'calc',
    service: 'multiplier',
  });
  const product: number = await multiplier.mulOne(2, 3);
  // @ts-expect-error two arguments, not one
  await multiplier.mulOne(2);
  // @ts-expect-error mulTwo takes a MulInput
  await multiplier.mulTwo(2, 3);
  void [sum, bare, product];
}

void [calls, examples];
