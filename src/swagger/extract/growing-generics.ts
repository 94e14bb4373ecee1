import { ts } from 'ts-morph';
import { type SchemaModel } from '../schema-model';
import { type Scope } from './converter';
import { locationOf } from './source-text';
import { referenceArguments } from './type-names';

/**
 * How many instances of one generic, each inside the one before and with an argument that holds
 * the one before's, make it endless: `Grow<string>`, `Grow<string[]>`, `Grow<string[][]>`.
 */
const GROWING_CHAIN = 3;

/** The named generic instances whose schemas are being built, outermost first, by declaration. */
export interface OpenInstances {
  /** Builds the schema of `type`, declared by `declaration`, with it counted as open meanwhile. */
  within(declaration: ts.Node, type: ts.Type, build: () => SchemaModel): SchemaModel;
  /** The open instances of `declaration` that `type` grows from, with `type` last, if endless. */
  growth(declaration: ts.Node, type: ts.Type): readonly ts.Type[] | undefined;
}

/** The type arguments of an alias or generic reference: what an instance's name is made of. */
function argumentsOf(checker: ts.TypeChecker, type: ts.Type): readonly ts.Type[] {
  return type.aliasTypeArguments ?? referenceArguments(checker, type);
}

/** The parameters' and the result's types of a function type's call and construct signatures. */
function signaturePartsOf(checker: ts.TypeChecker, type: ts.ObjectType): ts.Type[] {
  const signatures = [
    ...checker.getSignaturesOfType(type, ts.SignatureKind.Call),
    ...checker.getSignaturesOfType(type, ts.SignatureKind.Construct),
  ];
  return signatures.flatMap((signature) => [
    ...signature.getParameters().map((p) => checker.getTypeOfSymbol(p)),
    checker.getReturnTypeOfSignature(signature),
  ]);
}

/**
 * The types directly inside `type`: its arguments, a union's or intersection's members, and the
 * fields and signatures of an anonymous object type (`{ inner: T }`, `() => T`), which has no name
 * to hold arguments.
 */
function partsOf(checker: ts.TypeChecker, type: ts.Type): readonly ts.Type[] {
  const members = type.isUnionOrIntersection() ? type.types : [];
  const object = type.flags & ts.TypeFlags.Object ? (type as ts.ObjectType) : undefined;
  const args = object ? referenceArguments(checker, object) : [];
  const anonymous = object && object.objectFlags & ts.ObjectFlags.Anonymous ? object : undefined;
  const fields = anonymous ? checker.getPropertiesOfType(anonymous) : [];
  const fieldTypes = fields.map((f) => checker.getTypeOfSymbol(f));
  const signatures = anonymous ? signaturePartsOf(checker, anonymous) : [];
  return [...(type.aliasTypeArguments ?? []), ...members, ...args, ...fieldTypes, ...signatures];
}

/** Whether `outer` stands strictly inside `type` (`string` inside `string[]`), not as itself. */
function holdsInside(checker: ts.TypeChecker, type: ts.Type, outer: ts.Type): boolean {
  const seen = new Set<ts.Type>();
  const inside = (t: ts.Type): boolean =>
    partsOf(checker, t).some((p) => p === outer || (!seen.has(p) && seen.add(p) && inside(p)));
  return inside(type);
}

/** Whether one of `inner`'s arguments holds one of `outer`'s inside it. */
function growsFrom(checker: ts.TypeChecker, inner: ts.Type, outer: ts.Type): boolean {
  const outerArgs = argumentsOf(checker, outer);
  return argumentsOf(checker, inner).some((arg) =>
    outerArgs.some((o) => holdsInside(checker, arg, o)),
  );
}

/** Creates the open instances of one conversion. */
export function createOpenInstances(checker: ts.TypeChecker): OpenInstances {
  const open = new Map<ts.Node, ts.Type[]>();
  return {
    within(declaration, type, build) {
      const chain = open.get(declaration) ?? [];
      open.set(declaration, chain);
      chain.push(type);
      try {
        return build();
      } finally {
        chain.pop();
      }
    },
    growth(declaration, type) {
      const chain = [...(open.get(declaration) ?? []), type].slice(-GROWING_CHAIN);
      if (chain.length < GROWING_CHAIN) return undefined;
      const grows = chain.every((t, i) => i === 0 || growsFrom(checker, t, chain[i - 1]!));
      return grows ? chain : undefined;
    },
  };
}

/**
 * Reports, as an error at `scope`'s site, a generic that instantiates itself with a growing type
 * argument: its schemas would never end, so no document can describe it.
 */
export function endlessGeneric(
  { converter, site }: Pick<Scope, 'converter' | 'site'>,
  chain: readonly ts.Type[],
): SchemaModel {
  const texts = chain.map((t) => `\`${converter.checker.typeToString(t)}\``);
  const typeText = converter.checker.typeToString(chain.at(-1)!);
  converter.report({
    severity: 'error',
    message: `${site.label} has type \`${typeText}\`: a generic that instantiates itself with a growing type argument (${texts.join(', ')}, …) cannot be described, its schemas would never end; give this member a type argument that does not grow`,
    location: locationOf(site.node),
  });
  return { kind: 'unsupported', typeText };
}
