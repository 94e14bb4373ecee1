import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createMainServer, type MainServer, type MainServerConfig, nativeApp } from 'portico';
import { type NatsServerProcess, startNatsServer } from '../../scripts/lib/nats-server';
import { type ReplicaProcess, startReplicaProcess } from '../../scripts/lib/replica-process';
import { compileFixtureModule } from '../nats/fixture-modules';
import { JobsService } from '../nats/fixtures/faults';

/** What {@link useFaultJobs} starts for the tests of a suite. */
export interface FaultJobs {
  readonly nats: NatsServerProcess;
  readonly main: MainServer;
  /** The main server's address, `http://127.0.0.1:<port>`. */
  readonly baseUrl: string;
  /** Every replica started so far, in order, whether it still runs or not. */
  readonly replicas: ReplicaProcess[];
  /** The file to which each job appends `<id> <pid>` as it starts. */
  readonly record: string;
  /** Starts one more replica; it is stopped with the others after the suite. */
  startReplica(): Promise<ReplicaProcess>;
}

/** Options of {@link useFaultJobs}. */
export interface FaultJobsOptions {
  /** The start of the name of the temporary directory that holds the record. */
  readonly tmpPrefix: string;
  /** How many replicas run before the main server starts. */
  readonly replicas: number;
  /** More arguments of each replica, such as `['--concurrency', '1']`. */
  readonly replicaArgs?: readonly string[];
  /** The main server's logging and metrics. */
  readonly main: Pick<MainServerConfig, 'logLevel' | 'logStream' | 'metrics'>;
  /** The time that the start is given, in ms. */
  readonly timeoutMs: number;
}

/**
 * Before the suite's tests, starts a nats-server, replicas of the `jobs` fault fixture as processes
 * and a main server here that places `jobs` on them (calls time out after 20 s); stops all of it
 * after them.
 */
export function useFaultJobs(options: FaultJobsOptions): FaultJobs {
  let module: ReturnType<typeof compileFixtureModule> | undefined;
  let dir: string | undefined;
  let nats: NatsServerProcess | undefined;
  let main: MainServer | undefined;
  let baseUrl: string | undefined;
  const replicas: ReplicaProcess[] = [];

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is there only once the suite has started`);
    return value;
  };
  const record = () => path.join(started(dir, 'the record'), 'record');
  const startReplica = async () => {
    const replica = await startReplicaProcess({
      module: started(module, 'the fixture module').file,
      natsUrl: started(nats, 'the nats-server').url,
      args: options.replicaArgs,
      env: { FAULTS_RECORD: record() },
    });
    replicas.push(replica);
    return replica;
  };

  beforeAll(async () => {
    module = compileFixtureModule(path.join(__dirname, '../nats/fixtures/faults.ts'));
    dir = mkdtempSync(path.join(tmpdir(), options.tmpPrefix));
    writeFileSync(record(), '');
    nats = await startNatsServer();
    for (let n = 0; n < options.replicas; n++) await startReplica();
    main = createMainServer({
      ...options.main,
      placement: { nats: { servers: [nats.url] } },
      microservices: [nativeApp({ name: 'jobs', services: [JobsService] })],
      ENTRY_POINTS: { WEB_SERVICE_FACADE_HTTP: { callTimeoutMs: 20_000 } },
    });
    baseUrl = `http://127.0.0.1:${await main.listen(0, '127.0.0.1')}`;
  }, options.timeoutMs);

  afterAll(async () => {
    await main?.close();
    await Promise.all(replicas.map((replica) => replica.stop()));
    await nats?.stop();
    module?.remove();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  return {
    get nats() {
      return started(nats, 'the nats-server');
    },
    get main() {
      return started(main, 'the main server');
    },
    get baseUrl() {
      return started(baseUrl, 'the main server');
    },
    replicas,
    get record() {
      return record();
    },
    startReplica,
  };
}
