import { ts } from 'ts-morph';
import { type OperationModel } from '../model';
import { type SchemaModel } from '../schema-model';
import { aliasTagsOf, writtenTypeOf } from './alias-tags';
import { checkBindable } from './binding-check';
import { type Converter, primitiveWithXmlName, type Site } from './converter';
import { checkLiteralAgreement, type SpecUse } from './field-agreement';
import { enforcedRetype } from './format-agreement';
import { placeEnforced } from './limit-kinds';
import { requiredCount } from './optional-parameters';
import { readPropertyTags } from './property-tags';
import { warnReplacedArgumentTags } from './replaced-argument-tags';
import { locationOf } from './source-text';
import { statedTypeDisagrees } from './stated-type-disagrees';
import { withTupleItemTags } from './tuple-item-tags';
import { schemaOfSpec } from './type-spec';
import { NO_ARGUMENTS } from './written-arguments';
import { instancesOf } from './written-instances';

/** The text of a JSDoc comment, or `undefined` when it is empty. */
export function commentText(
  comment: string | ts.NodeArray<ts.JSDocComment> | undefined,
): string | undefined {
  const text = ts.getTextOfJSDocComment(comment)?.trim();
  return text ? text : undefined;
}

/**
 * The schema of a parameter, with its type alias's JSDoc tags: from its `params` spec if it has
 * one, else from its type.
 */
function bodyOf(converter: Converter, use: SpecUse, declaration: ts.ParameterDeclaration) {
  checkLiteralAgreement(converter, use);
  const { type, site } = use;
  const stated = use.spec && schemaOfSpec(converter, use.spec, site);
  if (!stated || stated === 'void') {
    const schema = writtenSchemaOf(converter, declaration, use);
    return withAliasTags(converter, declaration, { schema, site });
  }
  warnReplacedArgumentTags(converter, declaration, site);
  if (statedTypeDisagrees(converter, declaration, { stated, type, site })) return stated;
  return withAliasTags(converter, declaration, { schema: stated, site });
}

/**
 * The schema of the type a parameter or method (its result) is declared with, where the generics
 * it instantiates with tagged aliases (`Page<Day>`) get schemas of their own.
 */
export function writtenSchemaOf(
  converter: Converter,
  declaration: ts.ParameterDeclaration | ts.MethodDeclaration,
  { type, site }: { type: ts.Type; site: Site },
): SchemaModel {
  const node = writtenTypeOf(declaration);
  const written = node && { node, args: NO_ARGUMENTS };
  return converter.schemaOf(type, site, 0, {
    instances: instancesOf(converter, written, { type, site }),
  });
}

/**
 * A parameter's or result's schema with the JSDoc tags of the type alias it is declared with
 * (`to: Email`): enforced through the build's contract. Without one the runtime reads their types
 * from the decorators alone, so the tags are a warning and are left out of the document.
 */
export function withAliasTags(
  converter: Converter,
  declaration: ts.ParameterDeclaration | ts.MethodDeclaration,
  { schema: given, site }: { schema: SchemaModel; site: Site },
): SchemaModel {
  const node = writtenTypeOf(declaration);
  const schema = withTupleItemTags(converter, node && { node, args: NO_ARGUMENTS }, {
    schema: given,
    site,
  });
  const written = aliasTagsOf(declaration, converter.checker);
  if (written.length === 0) return schema;
  const tags = readPropertyTags(converter, written, site);
  const stated = Object.keys(tags.constraints).length + tags.retypeTags.length > 0;
  if (!converter.typesAreContract) {
    if (stated) {
      converter.report({
        severity: 'warning',
        message: `${site.label}: the JSDoc tags of its type alias are not enforced on a parameter or result without a contract (generate-swagger --contract); they are left out of the document`,
        location: locationOf(declaration),
      });
    }
    return schema;
  }
  const retyped = enforcedRetype(converter, { schema, tags, limits: tags.constraints }, site);
  return placeEnforced(converter, site, { schema: retyped, limits: tags.constraints });
}

/** A parameter of an operation, with its entry in the `params` option, if any. */
export interface ParameterSpec {
  readonly parameter: ts.ParameterDeclaration;
  readonly spec: ts.Expression | undefined;
}

function parameterOf(
  converter: Converter,
  { parameter, spec }: ParameterSpec,
  label: string,
): SchemaModel {
  const site = { node: parameter, label: `${label}(${parameter.name.getText()})` };
  const type = converter.checker.getTypeAtLocation(parameter);
  const schema = bodyOf(converter, { type, spec, site }, parameter);
  checkBindable(converter, schema, site);
  const description = commentText(ts.getJSDocParameterTags(parameter)[0]?.comment);
  return { ...primitiveWithXmlName(schema), ...(description ? { description } : {}) };
}

/** The body of an RMC operation: the argument array, `paramArray` in XML. */
export function argumentsOf(
  converter: Converter,
  parameters: readonly ParameterSpec[],
  label: string,
): OperationModel['body'] {
  const items = parameters.map((parameter) => parameterOf(converter, parameter, label));
  const minItems = requiredCount(
    parameters.map((p) => p.parameter),
    converter.typesAreContract,
  );
  return {
    name: 'arguments',
    required: true,
    description:
      'The arguments in parameter order: a JSON array, or a paramArray element with one child per argument (X-SVC-API-ID: RMC).',
    schema: { kind: 'tuple', items, minItems, xmlName: 'paramArray' },
  };
}

/** The body of an ROA operation: its one parameter. */
export function singleBodyOf(
  converter: Converter,
  parameter: ParameterSpec,
  label: string,
): OperationModel['body'] {
  const { description, ...schema } = parameterOf(converter, parameter, label);
  const declaration = parameter.parameter;
  return {
    // A destructured parameter (`{ x, y }: Point`) has no name of its own to give the body.
    name: ts.isIdentifier(declaration.name) ? declaration.name.text : 'body',
    required: requiredCount([declaration], converter.typesAreContract) === 1,
    ...(description ? { description } : {}),
    schema,
  };
}
