import 'reflect-metadata';

// Everything of the browser-safe `portico/client`, which src/client/index.ts lists by name.
export * from './client';
export type { NatsClientOptions } from './client/nats-client';
export { createNatsClient } from './client/nats-client';
export type { Constraints } from './decorators/constraints';
export type { FieldOptions } from './decorators/field';
export { Field } from './decorators/field';
export type { ContextReads } from './decorators/metadata';
export type { DeclaredError, RemoteMethodOptions } from './decorators/method';
export { ApiOperation, RemoteMethod } from './decorators/method';
export type { EnumValue, OneOfSpec } from './decorators/one-of';
export { OneOf } from './decorators/one-of';
export { Alias, Api, RemoteService } from './decorators/service';
export type { Class, TypeRef, TypeSpec } from './decorators/types';
export { Double, Int } from './decorators/types';
export type {
  EntryPointConfig,
  PermissionRequest,
  PermissionResolver,
} from './entry-point/config';
export type { ErrorCode } from './errors';
export { ERROR_STATUS } from './errors';
export type {
  CorsOptions,
  MicroserviceDefinition,
  NativeAppDefinition,
  NatsConnectionOptions,
  NatsPlacement,
  NatsTlsOptions,
  Placement,
  ServletAppDefinition,
  StaticFilesDefinition,
} from './microservices';
export { nativeApp, servletApp, staticFiles } from './microservices';
export type { ApiId, CallContext, CallEnvelope, CallReply, Transport } from './protocol/envelope';
export { ENVELOPE_VERSION } from './protocol/envelope';
export type { NatsReplica } from './replica/nats-replica';
export type { NatsReplicaOptions } from './replica/nats-replica-options';
export type { ReplicaLimits } from './replica/replica-limits';
export { startReplica } from './replica/start-replica';
export { getCallContext } from './runtime/call-context';
export { getCallDeadline } from './runtime/outbound';
export type { MicroserviceRuntime, RuntimeOptions } from './runtime/runtime';
export { createMicroserviceRuntime } from './runtime/runtime';
export type {
  BindOptions,
  Format,
  SequenceName,
  SequenceSerializer,
} from './serialization/sequence';
export { BindError, SEQUENCE_NAMES } from './serialization/sequence';
export { DEFAULT_SERIALIZERS } from './serialization/serializers';
export type { HttpLimits, LogLevel, MainServerConfig } from './server/config';
export { DEFAULT_PORT, ENTRY_POINT_DEFAULTS, HTTP_DEFAULTS } from './server/config';
export type { MainServer } from './server/main-server';
export { createMainServer } from './server/main-server';
export type { TransportFactory } from './server/mount-microservices';
export type { SwaggerUiOptions } from './server/swagger-ui';
export { swaggerUi } from './server/swagger-ui';
export type { NatsSettings } from './transport/nats/nats-env';
export { natsFromEnv } from './transport/nats/nats-env';
