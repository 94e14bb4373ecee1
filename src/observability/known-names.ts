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

/**
 * The names that label values may take, so that no request path can grow them. Microservices are
 * the configured ones. A service and method become known when the microservice itself answered a
 * call of it with anything but "not found" (only a registered method gets that far in the
 * runtime), wherever the microservice runs; application error codes likewise. Each is capped.
 */
export class KnownNames {
  private readonly methods = new Map<string, Set<string>>();
  private readonly codes = new Map<string, Set<string>>();

  constructor(microservices: Iterable<string>) {
    for (const name of microservices) {
      this.methods.set(name, new Set());
      this.codes.set(name, new Set());
    }
  }

  /** The microservice's label: its name when configured. */
  microservice(name: string | undefined): string {
    return name !== undefined && this.methods.has(name) ? name : UNKNOWN;
  }

  /** The names of a call whose path has `parts`; learns them when `replied` with `code`. */
  namesOf(parts: readonly string[], replied: boolean, code: string | undefined): CallNames {
    const microservice = this.microservice(parts[0]);
    const methods = this.methods.get(microservice);
    const key = parts.length === 3 ? `${parts[1]}/${parts[2]}` : undefined;
    if (!methods || key === undefined) return { microservice, service: UNKNOWN, method: UNKNOWN };
    if (!methods.has(key)) {
      const learns = replied && !(code !== undefined && UNRESOLVED_CODES.has(code));
      if (!learns || methods.size >= MOST_PER_MICROSERVICE) {
        return { microservice, service: UNKNOWN, method: UNKNOWN };
      }
      methods.add(key);
    }
    return { microservice, service: parts[1] as string, method: parts[2] as string };
  }

  /** The code's label: `OK`, a code of the framework's table, or a learned application code. */
  codeOf(microservice: string, code: string | undefined, framework: boolean): string {
    if (code === undefined) return 'OK';
    if (framework) return code;
    const codes = this.codes.get(microservice);
    if (!codes) return UNKNOWN;
    if (codes.has(code)) return code;
    if (codes.size >= MOST_PER_MICROSERVICE) return UNKNOWN;
    codes.add(code);
    return code;
  }
}
