import { type ApiModel } from '../model';
import { DOCUMENT_LIMITS, WIRE_NOTES } from '../wire-description';
import { type Json } from './dialect';

/** What the document says about itself: `--title`, `--api-version`, `--description`, `--base-url`. */
export interface DocumentInfo {
  readonly title: string;
  readonly version: string;
  /** The document's description, for its readers; without it, none. */
  readonly description?: string;
  /** Where the entry point is; without it, the document's own origin. */
  readonly baseUrl?: string;
}

/** What a document of either dialect opens with after its version: `info` and the wire notes. */
export function documentHead({ title, version, description }: DocumentInfo): Json {
  return {
    info: { title, version, ...(description ? { description } : {}) },
    'x-portico-wire': WIRE_NOTES,
    'x-portico-limits': DOCUMENT_LIMITS,
  };
}

/** The document's tags, one per service, in both dialects. */
export function tagsOf(model: ApiModel): Json[] {
  return model.tags.map((t) => ({
    name: t.name,
    ...(t.description ? { description: t.description } : {}),
  }));
}
