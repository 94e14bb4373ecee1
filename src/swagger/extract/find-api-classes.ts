import { ts } from 'ts-morph';
import { defaultServiceName } from '../../decorators/service';
import { type Converter } from './converter';
import { type Deployments } from './find-deployments';
import { checkUnservedMethods } from './inherited-methods';
import { porticoDecorators } from './portico-symbols';
import { docOf, locationOf, propertyOf, staticStringOf } from './source-text';

/** An `@Api` class that is remotely enabled, with where it is deployed. */
export interface ApiClass {
  readonly node: ts.ClassDeclaration;
  /** Has `@Api`: its `@ApiOperation` methods are in the document. */
  readonly documented: boolean;
  readonly service: string;
  readonly microservices: readonly string[];
  readonly description?: string;
}

/** Where the services of `@Api` classes are deployed: the nativeApps, or one given microservice. */
export interface Placing {
  readonly deployments: Deployments;
  readonly microservice: string | undefined;
  /** Also the deployed `@RemoteService` classes without `@Api`, for the contract. */
  readonly undocumented?: boolean;
}

function readApiClass(
  converter: Converter,
  node: ts.ClassDeclaration,
  { deployments, microservice, undocumented }: Placing,
): ApiClass | undefined {
  const decorators = porticoDecorators(node, converter);
  const api = decorators.find((d) => d.name === 'Api');
  const remote = decorators.find((d) => d.name === 'RemoteService');
  if (!node.name) return undefined;
  const where = locationOf(node.name);
  if (!api) {
    if (!remote) checkUnservedMethods(converter, node);
    if (remote) {
      const message = `${node.name.text} has @RemoteService but no @Api, so the document leaves its methods out: add @Api() to the class`;
      converter.report({ severity: 'warning', message, location: where });
    }
    const placed = microservice ? [microservice] : deployments.get(node);
    if (remote && !placed?.length) checkUnservedMethods(converter, node, true);
    if (!remote || !undocumented || !placed?.length) return undefined;
    const service =
      staticStringOf(remote.args[0], converter.checker) ?? defaultServiceName(node.name.text);
    return { node, documented: false, service, microservices: placed };
  }
  if (!remote) {
    const message = `${node.name.text} has @Api but no @RemoteService, so nothing can call it; it is left out`;
    converter.report({ severity: 'warning', message, location: where });
    // A parent class marked @Api: its remote methods are not served by the classes that inherit them.
    checkUnservedMethods(converter, node);
    return undefined;
  }
  const microservices = microservice ? [microservice] : deployments.get(node);
  if (!microservices?.length) {
    const message = `no nativeApp in the project deploys ${node.name.text}; it is left out (give --microservice)`;
    converter.report({ severity: 'warning', message, location: where });
    checkUnservedMethods(converter, node, true);
    return undefined;
  }
  const service =
    staticStringOf(remote.args[0], converter.checker) ?? defaultServiceName(node.name.text);
  const description =
    staticStringOf(propertyOf(api.args[0], 'description'), converter.checker) ??
    docOf(converter.checker.getSymbolAtLocation(node.name), converter.checker);
  return {
    node,
    documented: true,
    service,
    microservices,
    ...(description ? { description } : {}),
  };
}

/**
 * The `@Api` classes of the files that are `@RemoteService`s and deployed (or placed in
 * `microservice`); the others are reported and left out.
 */
export function findApiClasses(
  converter: Converter,
  files: readonly ts.SourceFile[],
  placing: Placing,
): ApiClass[] {
  const classes: ApiClass[] = [];
  const visit = (node: ts.Node): void => {
    const api = ts.isClassDeclaration(node) && readApiClass(converter, node, placing);
    if (api) classes.push(api);
    ts.forEachChild(node, visit);
  };
  for (const file of files) visit(file);
  return classes;
}
