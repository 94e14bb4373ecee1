import path from 'node:path';
import ts from 'typescript';

/**
 * Every name `portico` and `portico/client` export, values and types alike. A new export is a
 * decision: add it here, and describe it in the docs, in the same change.
 */
const CLIENT = [
  'Client',
  'ClientOptions',
  'CallOptions',
  'ContextHeaders',
  'DateFields',
  'DatePath',
  'DatesOption',
  'ErrorBody',
  'Plain',
  'RemoteCall',
  'RemoteError',
  'RemoteMethodName',
  'RemoteResult',
  'createClient',
  'isRemoteError',
  'withCallOptions',
];

const SERVER = [
  ...CLIENT,
  'Alias',
  'Api',
  'ApiId',
  'ApiOperation',
  'BindError',
  'BindOptions',
  'CallContext',
  'CallEnvelope',
  'CallReply',
  'Class',
  'Constraints',
  'ContextReads',
  'CorsOptions',
  'DEFAULT_PORT',
  'DEFAULT_SERIALIZERS',
  'DeclaredError',
  'Double',
  'ENTRY_POINT_DEFAULTS',
  'ENVELOPE_VERSION',
  'ERROR_STATUS',
  'EntryPointConfig',
  'EnumValue',
  'ErrorCode',
  'Field',
  'FieldOptions',
  'Format',
  'HTTP_DEFAULTS',
  'HttpLimits',
  'Int',
  'LogLevel',
  'MainServer',
  'MainServerConfig',
  'MicroserviceDefinition',
  'MicroserviceRuntime',
  'NativeAppDefinition',
  'NatsClientOptions',
  'NatsConnectionOptions',
  'NatsPlacement',
  'NatsReplica',
  'NatsReplicaOptions',
  'NatsSettings',
  'NatsTlsOptions',
  'OneOf',
  'OneOfSpec',
  'PermissionRequest',
  'PermissionResolver',
  'Placement',
  'RemoteMethod',
  'RemoteMethodOptions',
  'RemoteService',
  'ReplicaLimits',
  'RuntimeOptions',
  'SEQUENCE_NAMES',
  'SequenceName',
  'SequenceSerializer',
  'ServletAppDefinition',
  'StaticFilesDefinition',
  'SwaggerUiOptions',
  'Transport',
  'TransportFactory',
  'TypeRef',
  'TypeSpec',
  'createMainServer',
  'createMicroserviceRuntime',
  'createNatsClient',
  'getCallContext',
  'getCallDeadline',
  'nativeApp',
  'natsFromEnv',
  'servletApp',
  'startReplica',
  'staticFiles',
  'swaggerUi',
];

const SRC = path.join(__dirname, '..', '..', 'src');
const ENTRIES = { portico: 'index.ts', 'portico/client': path.join('client', 'index.ts') };

/** The names an entry file exports, as the compiler sees them, sorted. */
function exportsOf(entries: readonly string[]): string[][] {
  const files = entries.map((entry) => path.join(SRC, entry));
  const program = ts.createProgram(files, {
    experimentalDecorators: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  return files.map((file) => {
    const symbol = checker.getSymbolAtLocation(program.getSourceFile(file) as ts.SourceFile);
    return checker
      .getExportsOfModule(symbol as ts.Symbol)
      .map((s) => s.name)
      .sort();
  });
}

describe('the public surface', () => {
  const [server, client] = exportsOf([ENTRIES.portico, ENTRIES['portico/client']]);

  it('of portico is exactly the listed names', () => {
    expect(server).toEqual([...SERVER].sort());
  });

  it('of portico/client is exactly the listed names, all of them also in portico', () => {
    expect(client).toEqual([...CLIENT].sort());
    expect((client ?? []).filter((name) => !server?.includes(name))).toEqual([]);
  });

  it('leaves the internals out', () => {
    for (const name of ['splitJsonArray', 'createInProcessTransport', 'REPLICA_LIMIT_DEFAULTS']) {
      expect(server).not.toContain(name);
    }
  });
});
