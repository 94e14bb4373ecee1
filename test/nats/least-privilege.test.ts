import { connect, type NatsConnection } from 'nats';
import { type SecureNatsUser } from '../../scripts/lib/secure-nats';
import {
  type SecureNatsCluster,
  startSecureNatsCluster,
} from '../../scripts/lib/secure-nats-cluster';
import { checkNats } from '../support/nats';
import { serverAnswer, subscribeAnswer } from '../support/nats-probe';

const describeNats = checkNats('the NATS permission tests are skipped') ? describe : describe.skip;

/** One thing a credential tries: a subscription (with its queue group) or a publication. */
type Act =
  | { readonly sub: string; readonly queue?: string }
  | { readonly pub: string; readonly reply?: string };

/** A reply subject of a main server (or of relay) for a call or a ping on `subject`. */
const main = (subject: string) => `_INBOX_portico.AbC123.${subject}.1f`;
const relay = (subject: string) => `_INBOX_portico_relay.XyZ789.${subject}.2`;

/**
 * What each credential of examples/scale-out/nats-server.conf may do, as SECURITY.md's table says.
 * Every act not listed as allowed is refused.
 */
const ALLOWED: Record<SecureNatsUser, readonly Act[]> = {
  'portico-main': [
    { pub: 'portico.calc', reply: main('portico.calc') },
    { pub: 'portico.relay' },
    { pub: 'portico.calc._ping' },
    { pub: 'portico.calc._r.n1-0' },
    { sub: '_INBOX_portico.>' },
    { sub: '_INBOX_portico.*.portico.calc.*' },
  ],
  'portico-replica': [
    { sub: 'portico.calc', queue: 'portico.calc' },
    { sub: 'portico.calc._r.n1-0', queue: 'portico.calc' },
    { sub: 'portico.calc._ping' },
    { pub: main('portico.calc') },
    { pub: main('portico.calc._ping') },
    { pub: relay('portico.calc') },
  ],
  'portico-relay': [
    { sub: 'portico.relay', queue: 'portico.relay' },
    { sub: 'portico.relay._r.n2-0', queue: 'portico.relay' },
    { sub: 'portico.relay._ping' },
    { sub: '_INBOX_portico_relay.>' },
    { sub: '_INBOX_portico_relay.*.portico.calc.*' },
    { pub: 'portico.calc', reply: relay('portico.calc') },
    { pub: main('portico.relay') },
    { pub: main('portico.relay._ping') },
  ],
  other: [{ sub: 'elsewhere.>' }, { pub: 'elsewhere.x' }],
};

/** Acts that some credential must not do: eavesdrop, join, answer, call or forge. */
const PROBES: readonly Act[] = [
  ...Object.values(ALLOWED).flat(),
  { sub: 'portico.calc' },
  { sub: 'portico.calc', queue: 'spy' },
  { sub: 'portico.relay' },
  { sub: 'portico.*', queue: 'portico.calc' },
  { sub: 'portico.>', queue: 'portico.relay' },
  { sub: 'portico.calc.>' },
  { sub: 'portico.calc._r.n1-0' },
  { sub: 'portico.calc._r.>' },
  { sub: 'portico.calc._r.n1-0', queue: 'spy' },
  { sub: '_INBOX_portico.*.portico.calc.*' },
  { sub: '_INBOX_portico_relay.*.portico.calc.*' },
  { pub: 'portico.relay' },
  { pub: 'portico.calc._ping' },
  { pub: 'portico.calc._r.n1-0' },
  { pub: main('portico.calc.x') },
  { pub: '_INBOX_portico.AbC123.1f' },
  { pub: '_INBOX_portico_relay.XyZ789.portico.relay.2' },
];

const label = (act: Act) =>
  'sub' in act
    ? `subscribe ${act.sub}${act.queue ? ` (queue ${act.queue})` : ''}`
    : `publish ${act.pub}`;

describeNats('least privilege of the shipped NATS users, on a 3-node cluster', () => {
  let cluster: SecureNatsCluster;
  const clients = new Map<SecureNatsUser, NatsConnection>();

  beforeAll(async () => {
    cluster = await startSecureNatsCluster();
    const users = Object.keys(ALLOWED) as SecureNatsUser[];
    for (const [i, user] of users.entries()) {
      const servers = cluster.urls[i % cluster.urls.length] ?? '';
      const pass = cluster.passwords[user];
      clients.set(user, await connect({ servers, user, pass, tls: { caFile: cluster.caFile } }));
    }
  });

  afterAll(async () => {
    await Promise.all([...clients.values()].map((client) => client.close()));
    await cluster?.stop();
  });

  const cases = (Object.keys(ALLOWED) as SecureNatsUser[]).flatMap((user) =>
    [...new Map(PROBES.map((act) => [label(act), act])).values()].map((act) => {
      const allowed = ALLOWED[user].some((ok) => label(ok) === label(act));
      return [user, label(act), allowed ? 'allowed' : 'refused', act] as const;
    }),
  );

  it.each(cases)('%s: %s → %s', async (user, _label, verdict, act) => {
    const client = clients.get(user);
    if (!client) throw new Error(`no client for ${user}`);
    const answer =
      'sub' in act
        ? await subscribeAnswer(client, act.sub, act.queue)
        : await serverAnswer(client, () =>
            client.publish(act.pub, new Uint8Array(0), act.reply ? { reply: act.reply } : {}),
          );
    if (verdict === 'allowed') expect(answer).toBe('allowed');
    else expect(answer).toMatch(/permissions.violation/i);
  });
});
