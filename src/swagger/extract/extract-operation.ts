import { ts } from 'ts-morph';
import { type OperationModel } from '../model';
import { type SchemaModel } from '../schema-model';
import { checkBindable } from './binding-check';
import { type Converter, primitiveWithXmlName } from './converter';
import { checkLiteralAgreement, type SpecUse } from './field-agreement';
import {
  argumentsOf,
  commentText,
  singleBodyOf,
  withAliasTags,
  writtenSchemaOf,
} from './operation-body';
import { readOperationOptions } from './operation-options';
import { checkErasedOptional } from './optional-parameters';
import { porticoDecorators } from './portico-symbols';
import { refusedSignature } from './refused-signature';
import { warnReplacedArgumentTags } from './replaced-argument-tags';
import { answersEmptyToo, checkResultVisible, returnTypesOf } from './result-visibility';
import { docOf, locationOf, propertyOf, staticStringOf } from './source-text';
import { statedTypeDisagrees } from './stated-type-disagrees';
import { schemaOfSpec } from './type-spec';

/** The service an operation belongs to, as the class declares and deploys it. */
export interface ServiceInfo {
  readonly service: string;
  readonly microservice: string;
  readonly tag: string;
}

function isVoid(type: ts.Type): boolean {
  return (type.flags & (ts.TypeFlags.Void | ts.TypeFlags.Undefined)) !== 0;
}

/** The result of a method: from its `returns` spec if it has one, else from its return type. */
function resultOf(
  converter: Converter,
  method: ts.MethodDeclaration,
  { spec, site }: Omit<SpecUse, 'type'>,
): SchemaModel | 'void' {
  const type = returnTypesOf(converter.checker, method)?.awaited;
  if (type && !isVoid(type)) checkLiteralAgreement(converter, { type, spec, site });
  if (spec) {
    warnReplacedArgumentTags(converter, method, site);
    const stated = schemaOfSpec(converter, spec, site);
    if (stated === 'void' || statedTypeDisagrees(converter, method, { stated, type, site })) {
      return stated;
    }
    return withAliasTags(converter, method, { schema: stated, site });
  }
  if (!type || isVoid(type)) return 'void';
  const schema = withAliasTags(converter, method, {
    schema: writtenSchemaOf(converter, method, { type, site }),
    site,
  });
  checkResultVisible(converter, { method, schema, site });
  return schema;
}

/** Whether a method has `@ApiOperation` of this package: the document describes it. */
export function isDescribed(converter: Converter, method: ts.MethodDeclaration): boolean {
  return porticoDecorators(method, converter).some((d) => d.name === 'ApiOperation');
}

/**
 * The method's `@ApiOperation` of this package, with its text and options; with `anyRemote`, its
 * `@RemoteMethod` too (the contract types every remote method, described or not).
 */
function remoteDecoratorOf(converter: Converter, method: ts.MethodDeclaration, anyRemote: boolean) {
  const decorators = porticoDecorators(method, converter);
  const api = decorators.find((d) => d.name === 'ApiOperation');
  if (api) {
    const [text, options] = api.args;
    return { text: staticStringOf(text, converter.checker), options };
  }
  const remote = anyRemote ? decorators.find((d) => d.name === 'RemoteMethod') : undefined;
  return remote && { text: undefined, options: remote.args[0] };
}

/**
 * The operation of one `@ApiOperation` method: ROA for exactly one parameter; RMC for another
 * count when the converter describes RMC, else reported (a warning) and `undefined`. With
 * `anyRemote`, of a `@RemoteMethod` too, for the contract.
 */
export function extractOperation(
  converter: Converter,
  method: ts.MethodDeclaration,
  service: ServiceInfo,
  anyRemote = false,
): OperationModel | undefined {
  const operation = remoteDecoratorOf(converter, method, anyRemote);
  if (!operation) return undefined;
  const name = method.name.getText();
  const label = `${service.service}.${name}`;
  if (refusedSignature(converter, method, label)) return undefined;
  const parameters = method.parameters.filter((p) => p.name.getText() !== 'this');
  const [parameter] = parameters;
  const rmc = parameters.length !== 1 || !parameter;
  if (rmc && !converter.describesRmc) {
    converter.report({
      severity: 'warning',
      message: `${label} has @ApiOperation but takes ${parameters.length} parameters; ROA needs exactly one, so it is left out (callers use RMC; --rmc or --openapi 3.1 describes it)`,
      location: locationOf(method.name),
    });
    return undefined;
  }
  checkErasedOptional(converter, parameters, label);
  const params = propertyOf(operation.options, 'params');
  const specs = params && ts.isArrayLiteralExpression(params) ? [...params.elements] : [];
  const inputs = parameters.map((p, i) => ({ parameter: p, spec: specs[i] }));
  const body = rmc
    ? argumentsOf(converter, inputs, label)
    : singleBodyOf(converter, { parameter, spec: specs[0] }, label);
  const result = resultOf(converter, method, {
    spec: propertyOf(operation.options, 'returns'),
    site: { node: method.name, label: `${label}()` },
  });
  if (converter.typesAreContract && result !== 'void') {
    checkBindable(converter, result, { node: method.name, label: `${label}()` });
  }
  const description = docOf(converter.checker.getSymbolAtLocation(method.name), converter.checker);
  const resultDescription = commentText(ts.getJSDocReturnTag(method)?.comment);
  return {
    ...service,
    method: name,
    summary: operation.text ?? '',
    ...(description ? { description } : {}),
    ...(ts.getJSDocDeprecatedTag(method) ? { deprecated: true } : {}),
    ...(rmc ? { mode: 'RMC' as const } : {}),
    ...readOperationOptions(converter, operation.options, { node: method.name, label }),
    body,
    result: result === 'void' ? 'void' : primitiveWithXmlName(result),
    ...(result !== 'void' && answersEmptyToo(converter, method) ? { answersEmpty: true } : {}),
    ...(resultDescription ? { resultDescription } : {}),
  };
}
