/**
 * The reply subjects of a request mux's requests, `<inbox>.<subject>.<n>`: the subject the request
 * is on, so that NATS permissions can let the replicas of one microservice answer its calls alone
 * (SECURITY.md), and the request's number in base 36, by which the mux finds it again.
 */
export class ReplySubjects {
  // The prefix for the subject of the request before: calls in a row share one.
  private lastSubject: string | undefined;
  private lastPrefix = '';

  constructor(private readonly inbox: string) {}

  /** The reply subject of request number `id`, on `subject`. */
  of(subject: string, id: number): string {
    if (subject !== this.lastSubject) {
      this.lastSubject = subject;
      this.lastPrefix = `${this.inbox}.${subject}.`;
    }
    return this.lastPrefix + id.toString(36);
  }

  /**
   * The number that ends `replySubject` (base 36, after its last dot); NaN when there is none. Any
   * subject may end in a request's number: the mux checks the whole subject before it answers.
   */
  static number(replySubject: string): number {
    return Number.parseInt(replySubject.slice(replySubject.lastIndexOf('.') + 1), 36);
  }
}
