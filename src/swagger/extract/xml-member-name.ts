import { isXmlElementName } from '../../serialization/xml-chars';
import { type Converter, type Site } from './converter';
import { locationOf } from './source-text';

/** The members each run has reported, so that `Weird` and `Partial<Weird>` warn once. */
const reportedBy = new WeakMap<Converter, Set<object>>();

/**
 * Warns, at the member, where its name is no XML element name (`'a b'`, `'1st'`, `'x:y'`): every
 * operation is served in XML too, where no request can give such a member and the server answers
 * 500 rather than write malformed XML (docs/api-description.md).
 */
export function checkXmlMemberName(converter: Converter, site: Site, name: string): void {
  if (isXmlElementName(name)) return;
  const reported = reportedBy.get(converter) ?? new Set<object>();
  reportedBy.set(converter, reported);
  if (reported.has(site.node)) return;
  reported.add(site.node);
  converter.report({
    severity: 'warning',
    message: `${site.label}: ${JSON.stringify(name)} is no XML element name (a letter or _ first, then letters, digits, -, _ or .; no space, no colon), so XML cannot carry the member: an XML request cannot give it, and an XML answer that holds it is a 500; rename the member`,
    location: locationOf(site.node),
  });
}
