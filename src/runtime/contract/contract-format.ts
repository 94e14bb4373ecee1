import { type Constraints } from '../../decorators/types';

/** The file name of the contract, written beside the compiled code and found from it. */
export const CONTRACT_FILE = 'portico-contract.json';

/** The version of the contract's format; a runtime refuses others. */
export const CONTRACT_VERSION = 2;

/** A type of the contract: the generator's own type model, as JSON (docs/design-contract.md). */
export type ContractSchema = Constraints & {
  readonly nullable?: boolean;
  readonly readOnly?: boolean;
  /** The libA name of a class (its alias, else its name); interfaces have none: `object`. */
  readonly xmlName?: string;
  /** A class's own name, where its alias differs: the libB XML root. */
  readonly libBXmlName?: string;
} & (
    | {
        readonly kind: 'primitive';
        readonly type: 'string' | 'number' | 'integer' | 'boolean';
        readonly format?: string;
        /** A `Date`; a string of format `date-time` has none. */
        readonly instant?: true;
      }
    | { readonly kind: 'enum'; readonly values: readonly (string | number | boolean)[] }
    | { readonly kind: 'ref'; readonly name: string }
    | { readonly kind: 'array'; readonly items: ContractSchema }
    | {
        readonly kind: 'object';
        readonly properties: readonly ContractProperty[];
        readonly additional?: ContractSchema;
        /** The type as written where it has no name (`Required<Address>`), for messages. */
        readonly typeText?: string;
      }
    | {
        readonly kind: 'union';
        readonly members: readonly ContractSchema[];
        /** The member every object member requires, and the member each of its literals names. */
        readonly discriminator?: {
          readonly propertyName: string;
          readonly mapping: Readonly<Record<string, number>>;
          /** The literals are booleans or numbers, written as text in `mapping`. */
          readonly tagType?: 'boolean' | 'number';
        };
        /** The union as written where it has no name, for messages. */
        readonly typeText?: string;
      }
    | {
        readonly kind: 'tuple';
        readonly items: readonly ContractSchema[];
        readonly minItems: number;
        readonly rest?: ContractSchema;
      }
    | { readonly kind: 'intersection' }
    /** A type the build could not describe: generate-swagger warned of it with file:line. */
    | { readonly kind: 'unsupported'; readonly typeText?: string }
  );

/** A member of an object type: its name, its type, and whether it may be absent. */
export interface ContractProperty {
  readonly name: string;
  readonly schema: ContractSchema;
  readonly required: boolean;
}

/** The types of one remote method: a type per parameter, and the result's (`'void'`: none). */
export interface ContractMethod {
  readonly microservice: string;
  readonly service: string;
  readonly method: string;
  readonly params: readonly ContractSchema[];
  /** How many leading parameters a call must give; the others (`name?: T`, `name = …`) may not. */
  readonly required: number;
  readonly result: ContractSchema | 'void';
  /**
   * `'sync'` where the build found that no code the method can reach reads its call context:
   * the runtime then treats it as declared so, unless its decorator declares otherwise.
   */
  readonly callContext?: 'sync';
}

/** Where the class of a named type is: a compiled module (relative to the contract) and export. */
export interface ContractClass {
  readonly module: string;
  readonly name: string;
}

/** What the build hands the runtime: every served method's types, and how to tell it is current. */
export interface Contract {
  readonly portico: typeof CONTRACT_VERSION;
  /** The command that wrote it: what a stale contract's refusal tells the user to run. */
  readonly command: string;
  /** The SHA-256 of each compiled module of the project, by path relative to the contract. */
  readonly modules: Readonly<Record<string, string>>;
  /** The class behind each named type that has one. */
  readonly classes: Readonly<Record<string, ContractClass>>;
  readonly schemas: Readonly<Record<string, ContractSchema>>;
  readonly methods: readonly ContractMethod[];
}
