/** The label value of a name that is not known to be registered. */
export const UNKNOWN = '_unknown';

/** Most names of methods, or of application error codes, learned per microservice. */
const MOST_PER_MICROSERVICE = 1000;

/** The codes with which a reply says nothing about the method's existence. */
const UNRESOLVED_CODES: ReadonlySet<string> = new Set([
  'METHOD_NOT_FOUND',
  'MALFORMED_FRAME',
  'UNKNOWN_VERSION',
  'FRAME_TOO_LARGE',
  // Also the entry point's own answer when no reply came in time.
  'DEADLINE_EXCEEDED',
]);

/** The names a call is counted and traced under: registered names, or {@link UNKNOWN}. */
export interface CallNames {
  readonly microservice: string;
  readonly service: string;
  readonly method: string;
}

/** What is known of one configured microservice. */
interface Known {
  readonly unknown: CallNames;
  readonly methods: Map<string, Map<string, CallNames>>;
  readonly codes: Set<string>;
  learned: number;
}

const NOWHERE: CallNames = { microservice: UNKNOWN, service: UNKNOWN, method: UNKNOWN };

/**
 * The names that label values may take, so that no request path can grow them. Microservices are
 * the configured ones. A service and method become known when the microservice itself answered a
 * call of it with anything but "not found" (only a registered method gets that far in the
 * runtime), wherever the microservice runs; application error codes likewise. Each is capped.
 * The same {@link CallNames} object stands for a method every time.
 */
export class KnownNames {
  private readonly known = new Map<string, Known>();

  /**
   * `registered` gives a microservice's remote methods as `[service, method]` pairs, known from
   * the start: a method whose calls all time out or whose replica is lost is still named.
   */
  constructor(
    microservices: Iterable<string>,
    registered: ReadonlyMap<string, Iterable<readonly [string, string]>> = new Map(),
  ) {
    for (const microservice of microservices) {
      const unknown = { microservice, service: UNKNOWN, method: UNKNOWN };
      const known: Known = { unknown, methods: new Map(), codes: new Set(), learned: 0 };
      this.known.set(microservice, known);
      for (const [service, method] of registered.get(microservice) ?? []) {
        learn(known, service, method);
      }
    }
  }

  /** The microservice's label: its name when configured. */
  microservice(name: string | undefined): string {
    return name !== undefined && this.known.has(name) ? name : UNKNOWN;
  }

  /** The names of a call whose path has `parts`; learns them when `replied` with `code`. */
  namesOf(parts: readonly string[], replied: boolean, code: string | undefined): CallNames {
    const known = this.known.get(parts[0] as string);
    if (!known) return NOWHERE;
    if (parts.length !== 3) return known.unknown;
    const [, service, method] = parts as [string, string, string];
    const found = known.methods.get(service)?.get(method);
    if (found) return found;
    const learns = replied && !(code !== undefined && UNRESOLVED_CODES.has(code));
    return learns ? learn(known, service, method) : known.unknown;
  }

  /** The code's label: `OK`, a code of the framework's table, or a learned application code. */
  codeOf(microservice: string, code: string | undefined, framework: boolean): string {
    if (code === undefined) return 'OK';
    if (framework) return code;
    const codes = this.known.get(microservice)?.codes;
    if (!codes) return UNKNOWN;
    if (codes.has(code)) return code;
    if (codes.size >= MOST_PER_MICROSERVICE) return UNKNOWN;
    codes.add(code);
    return code;
  }
}

/** The names of `service` and `method`, now known, or `_unknown` once the cap is reached. */
function learn(known: Known, service: string, method: string): CallNames {
  const found = known.methods.get(service)?.get(method);
  if (found) return found;
  if (known.learned >= MOST_PER_MICROSERVICE) return known.unknown;
  known.learned++;
  const names = { microservice: known.unknown.microservice, service, method };
  const methods = known.methods.get(service) ?? new Map<string, CallNames>();
  known.methods.set(service, methods.set(method, names));
  return names;
}
