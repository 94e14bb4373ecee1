import path from 'node:path';
import { type Json } from '../../src/swagger/build/dialect';
import { type Generation, generateDocument } from '../../src/swagger/cli/generate';
import { sourceProject } from './support';

const SERVICE = `
import { Api, ApiOperation, Field, Int, nativeApp, RemoteService } from 'portico';

export class Contact {
  /** @format email */
  @Field() email!: string;
  /** @integer */
  @Field() age!: number;
  /** @format int32 */
  @Field(Int) count!: number;
  /** @format int32 */
  @Field(Int, { minimum: 0, maximum: 1000 }) small!: number;
  /** @format int64 */
  @Field(Int) big!: number;
  /** @integer */
  @Field(Int) whole!: number;
  /** @format date-time */
  @Field() at!: Date;
  /** @format email */
  @Field({ format: 'email' }) checked!: string;
  /** @format color */
  @Field() hue!: string;
  /** @format date-time */
  @Field() seen!: string;
  /** @format uri */
  @Field({ format: 'uri' }) site!: string;
}

/** Described as written: the runtime never binds an interface. */
export interface Note {
  /** @format email */
  email: string;
}

@Api()
@RemoteService('book')
export class BookService {
  @ApiOperation('Adds a contact', { returns: Contact })
  add(contact: Contact): Contact {
    return contact;
  }

  @ApiOperation('Reads a note')
  note(text: string): Note {
    return { email: text };
  }

  @ApiOperation('Mails', { returns: String })
  mail(to: Email): string {
    return to;
  }
}

/** @format email */
export type Email = string;

export const app = nativeApp({ name: 'book', services: [BookService] });
`;

/** JSDoc \`@format\` and \`@integer\` on a \`@Field\`: written only where the runtime enforces them. */
describe('generate-swagger on @format and @integer tags', () => {
  let project: ReturnType<typeof sourceProject>;
  let generation: Generation;
  beforeAll(async () => {
    project = sourceProject(SERVICE);
    generation = await generateDocument({
      project: project.tsconfig,
      title: 'Book',
      version: '1.0.0',
    });
  });
  afterAll(() => project.remove());

  const properties = () =>
    ((generation.document.definitions as Json).Contact as Json).properties as Record<string, Json>;

  it('warns, with the line, for each tag the runtime does not enforce', () => {
    const messages = generation.diagnostics
      .filter((d) => !d.message.includes('emits as Object'))
      .map((d) => `${d.location?.line}: ${d.message}`);
    expect(messages).toEqual([
      '6: Contact.email: @format email is not enforced, as the runtime reads limits from @Field options; write @Field(…, { format: "email" }). It is left out of the document',
      '8: Contact.age: @integer is not enforced, as the runtime reads the type from @Field; write @Field(Int). It is left out of the document',
      '10: Contact.count: @format int32 is not enforced, as an Int takes any safe integer; write @Field(Int, {minimum:-2147483648,maximum:2147483647}). It is left out of the document',
      '22: Contact.hue: @format color is not enforced, as the runtime checks no other string format than email, uuid, date, time, date-time, ipv4, ipv6, hostname, uri. It is left out of the document',
      '24: Contact.seen: @format date-time is not enforced, as the runtime reads limits from @Field options; write @Field(…, { format: "date-time" }). It is left out of the document',
      '49: book.mail(to): the JSDoc tags of its type alias are not enforced on a parameter or result without a contract (generate-swagger --contract); they are left out of the document',
    ]);
    expect(generation.invalid).toBeUndefined();
  });

  it('leaves the unenforced tags out of the document and keeps the enforced ones', () => {
    const { email, age, count, small, big, whole, at, checked, hue, seen, site } = properties();
    expect(seen).toEqual({ type: 'string' });
    expect(site).toEqual({ type: 'string', format: 'uri' });
    expect(checked).toEqual({ type: 'string', format: 'email' });
    expect(hue).toEqual({ type: 'string' });
    expect(email).toEqual({ type: 'string' });
    expect(age).toEqual({ type: 'number' });
    expect(count?.format).toBeUndefined();
    expect(small).toMatchObject({ type: 'integer', format: 'int32', minimum: 0, maximum: 1000 });
    expect(big).toMatchObject({ type: 'integer', format: 'int64' });
    expect(whole?.type).toBe('integer');
    expect(at).toEqual({ type: 'string', format: 'date-time' });
  });

  it('describes the tags of an interface as written', () => {
    const note = (generation.document.definitions as Json).Note as Json;
    expect((note.properties as Record<string, Json>).email).toEqual({
      type: 'string',
      format: 'email',
    });
  });

  it('with a contract, which binds interfaces too, writes and enforces a string format on an interface member', async () => {
    const file = path.join(path.dirname(project.tsconfig), 'contract.json');
    const contract = { file, command: 'generate-swagger' };
    const built = await generateDocument({
      project: project.tsconfig,
      title: 'Book',
      version: '1.0.0',
      contract,
    });
    expect(built.diagnostics.map((d) => d.message).join('\n')).not.toMatch(/@format email/);
    const note = (built.document.definitions as Json).Note as Json;
    expect((note.properties as Record<string, Json>).email).toEqual({
      type: 'string',
      format: 'email',
    });
    expect(((built.document.definitions as Json).Contact as Json).properties).toMatchObject({
      email: { type: 'string', format: 'email' },
      seen: { type: 'string', format: 'date-time' },
      at: { type: 'string', format: 'date-time' },
    });
    // @integer on a number is enforced there: the contract types the field from the schema.
    expect(built.diagnostics.map((d) => d.message).join('\n')).not.toMatch(/Contact\.age/);
    expect(((built.document.definitions as Json).Contact as Json).properties).toMatchObject({
      age: { type: 'integer' },
    });
  });

  it('fails under --strict', async () => {
    const strict = await generateDocument({
      project: project.tsconfig,
      title: 'Book',
      version: '1.0.0',
      strict: true,
    });
    expect(strict.diagnostics.filter((d) => d.message.includes('is not enforced'))).toHaveLength(5);
    expect(strict.diagnostics.every((d) => d.severity === 'error')).toBe(true);
  });
});
