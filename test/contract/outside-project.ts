import { MODEL_SOURCE } from './outside-model';

/** The services: ROA methods of one parameter, RMC of several, and results that do not fit. */
export const SERVICE_SOURCE = `import { Api, ApiOperation, nativeApp, RemoteService } from 'portico';
import type {
  Book, Box, Contact, Count, Currency, Customer, Line, Money, Name, Order, Page, Payment, Point, Priority, Span, Stock, Trail,
} from './model';

@Api() @RemoteService('books') export class BookService {
  @ApiOperation('Saves a book') save(book: Book): Book { return book; }
  @ApiOperation('Pages books') page(books: Book[], total?: Count): Page<Book> {
    return { items: books, total: total ?? books.length };
  }
  @ApiOperation('Patches a contact') patch(contact: Partial<Contact>): Partial<Contact> {
    return contact;
  }
  @ApiOperation('Picks a title') pick(book: Pick<Book, 'title' | 'genre'>): Pick<Book, 'title' | 'genre'> {
    return book;
  }
  @ApiOperation('Answers a page that is not one') async wrongPage(): Promise<Page<Book>> {
    return { items: [{ title: 1 }], total: 1 } as unknown as Page<Book>;
  }
}

@Api() @RemoteService('orders') export class OrderService {
  @ApiOperation('Places an order') place(order: Order): Order { return order; }
  @ApiOperation('Takes a payment') pay(payment: Payment): Payment { return payment; }
  @ApiOperation('Pages customers') async customers(page: Page<Customer>): Promise<Page<Customer>> {
    return page;
  }
  @ApiOperation('Boxes money') box(box: Box<Readonly<Money>>): Box<Readonly<Money>> { return box; }
  @ApiOperation('Quotes lines') quote(lines: Line[], currency: Currency, coupon?: string): Money {
    const amount = lines.reduce((sum, line) => sum + line.quantity * line.price.amount, 0);
    return { amount: coupon === undefined ? Math.min(amount, 10000) : 0, currency };
  }
  @ApiOperation('Routes') route(point: Point, span: Span, trail: Trail): [Point, Span, Trail] {
    return [point, span, trail];
  }
  @ApiOperation('Counts stock') stock(levels: Stock): Record<string, number> {
    return levels;
  }
  @ApiOperation('Greets') greet(name?: Name): string { return name ?? 'nobody'; }
  @ApiOperation('Answers a payment that is none') wrongPayment(): Payment {
    return { method: 'card', last4: 'abcd' };
  }
  @ApiOperation('Answers lines that are not') async wrongLines(): Promise<Line[]> {
    return [{ sku: 'too-long-a-sku', quantity: 0 }] as unknown as Line[];
  }
  @ApiOperation('Answers a box that is not') wrongBox(): Box<Money> {
    return { content: { amount: -1, currency: 'EUR' } } as unknown as Box<Money>;
  }
  @ApiOperation('Registers a customer') register(customer: Omit<Customer, 'priority'>): Customer {
    return { ...customer, priority: 1 as Priority };
  }
}

export default nativeApp({ name: 'shop', services: [BookService, OrderService] });
`;

/** The files of the project, by their path in it. */
export const OUTSIDE_FILES: Readonly<Record<string, string>> = {
  'src/model.ts': MODEL_SOURCE,
  'src/main.ts': SERVICE_SOURCE,
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      target: 'ES2022',
      module: 'nodenext',
      strict: true,
      experimentalDecorators: true,
      emitDecoratorMetadata: true,
      skipLibCheck: true,
      rootDir: 'src',
      outDir: 'dist',
    },
    include: ['src'],
  }),
};

/** The build of the README, with the contract and both documents: OpenAPI 3.1 and Swagger 2.0. */
export const BUILD_SCRIPT = [
  'tsc',
  'generate-swagger --title Shop --api-version 1.0.0 --openapi 3.1 --out public/openapi.json --strict --contract dist/portico-contract.json',
  'generate-swagger --title Shop --api-version 1.0.0 --out public/swagger.json --strict --rmc --contract dist/portico-contract.json',
].join(' && ');
