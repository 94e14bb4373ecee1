import { type Project } from 'ts-morph';
import { createContextReach } from '../context/context-reach';
import { type ApiModel, type Diagnostic, type OperationModel, type TagModel } from '../model';
import { ERROR_DETAIL, ERROR_ENVELOPE, pathOf } from '../protocol';
import { projectFiles } from './argument-names';
import { operationsOf, type Reading } from './class-operations';
import { type Converter } from './converter';
import { type ApiClass, findApiClasses } from './find-api-classes';
import { findDeployments, mayIgnoreUnknownFields } from './find-deployments';
import { createOpenInstances } from './growing-generics';
import { createSchemaRegistry } from './schema-registry';
import { schemaOfType } from './type-schema';

/** Options of {@link extractApi}. */
export interface ExtractOptions {
  /** Puts every operation in this microservice, whatever the deploying code says. */
  readonly microservice?: string;
  /** Describes `@ApiOperation` methods of another parameter count than one as RMC operations. */
  readonly rmc?: boolean;
  /** The runtime follows the types through a contract: describe them, not the decorators. */
  readonly contract?: boolean;
  /**
   * For the contract: also every remote method the document leaves out (`@RemoteMethod`, or a
   * deployed class without `@Api`) among the operations.
   */
  readonly everyRemoteMethod?: boolean;
}

/** The model of a project's API and what the generator found on the way. */
export interface Extraction {
  readonly model: ApiModel;
  /** The exported class behind each schema name that has one. */
  readonly classes: ReadonlyMap<string, { readonly file: string; readonly name: string }>;
  readonly diagnostics: readonly Diagnostic[];
  /** With `everyRemoteMethod`: the methods left out of the contract, and why. */
  readonly contractNotes: readonly Diagnostic[];
}

function createConverter(
  project: Project,
  report: (d: Diagnostic) => void,
  options: ExtractOptions,
): Converter {
  const program = project.getProgram().compilerObject;
  const checker = program.getTypeChecker();
  const converter: Converter = {
    checker,
    program,
    refusesUnknownFields: !mayIgnoreUnknownFields(projectFiles(program), { checker, program }),
    describesRmc: options.rmc ?? false,
    typesAreContract: options.contract ?? false,
    registry: createSchemaRegistry(report, [ERROR_DETAIL.name, ERROR_ENVELOPE.name]),
    open: createOpenInstances(checker),
    report,
    schemaOf: (type, site, depth, within) =>
      schemaOfType({ converter, site, depth, ...within }, type),
  };
  return converter;
}

/** One tag per service; a service name used in two microservices is qualified by them. */
function tagNamer(classes: readonly ApiClass[]): (service: string, microservice: string) => string {
  const homes = new Map<string, Set<string>>();
  for (const c of classes) {
    for (const m of c.microservices)
      homes.set(c.service, (homes.get(c.service) ?? new Set()).add(m));
  }
  return (service, microservice) =>
    (homes.get(service)?.size ?? 0) > 1 ? `${microservice}/${service}` : service;
}

function checkUniquePaths(operations: readonly OperationModel[], report: (d: Diagnostic) => void) {
  const seen = new Set<string>();
  for (const operation of operations) {
    const path = pathOf(operation);
    if (seen.has(path)) {
      report({
        severity: 'error',
        message: `two operations answer POST ${path}; a service name is used twice`,
      });
    }
    seen.add(path);
  }
}

/** Reads the `@Api` classes of a project into an {@link ApiModel}. */
export function extractApi(project: Project, options: ExtractOptions = {}): Extraction {
  const diagnostics: Diagnostic[] = [];
  const report = (diagnostic: Diagnostic) => diagnostics.push(diagnostic);
  const converter = createConverter(project, report, options);
  const files = projectFiles(converter.program);
  const deployments = findDeployments(files, converter, report);
  const classes = findApiClasses(converter, files, {
    deployments,
    microservice: options.microservice,
    undocumented: options.everyRemoteMethod ?? false,
  });
  const tagOf = tagNamer(classes.filter((c) => c.documented));
  const reading: Reading = {
    converter,
    everyRemoteMethod: options.everyRemoteMethod ?? false,
    diagnostics,
    notes: [],
    // Only the contract carries it (docs/design-context.md).
    ...(options.everyRemoteMethod ? { contextReach: createContextReach(converter, files) } : {}),
  };
  const tags = new Map<string, TagModel>();
  const operations: OperationModel[] = [];
  for (const api of classes) {
    for (const microservice of api.microservices) {
      const tag = tagOf(api.service, microservice);
      tags.set(tag, { name: tag, ...(api.description ? { description: api.description } : {}) });
      operations.push(...operationsOf(reading, api, { service: api.service, microservice, tag }));
    }
  }
  operations.sort((a, b) => compareText(pathOf(a), pathOf(b)));
  checkUniquePaths(operations, report);
  const model = {
    operations,
    tags: [...tags.values()].sort((a, b) => compareText(a.name, b.name)),
    schemas: converter.registry.schemas(),
  };
  return {
    model,
    classes: converter.registry.classes(),
    diagnostics: unique(diagnostics),
    contractNotes: unique(reading.notes),
  };
}

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** A class deployed twice is read twice; each finding is reported once. */
function unique(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return diagnostics.filter((d) => {
    const key = JSON.stringify([d.severity, d.message, d.location]);
    return !seen.has(key) && seen.add(key) !== undefined;
  });
}
