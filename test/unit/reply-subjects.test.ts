import fc from 'fast-check';
import { ReplySubjects } from '../../src/transport/nats/reply-subjects';

const INBOX = '_INBOX.LN5JYW85FTPLLEXC0HSW2W';
const token = fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/);

describe('the reply subjects of a request mux', () => {
  it('names the inbox, the subject and the number, and reads the number back from the end', () => {
    const replies = new ReplySubjects(INBOX);
    fc.assert(
      fc.property(fc.array(token, { minLength: 1, maxLength: 3 }), fc.nat(), (parts, id) => {
        const subject = parts.join('.');
        const reply = replies.of(subject, id);
        expect(reply).toBe(`${INBOX}.${subject}.${id.toString(36)}`);
        expect(ReplySubjects.number(reply)).toBe(id);
      }),
    );
  });

  it('reads no number from a subject that does not end in one', () => {
    for (const subject of [`${INBOX}.calc.`, `${INBOX}.calc.-`, '', '.']) {
      expect(ReplySubjects.number(subject)).toBeNaN();
    }
  });
});
