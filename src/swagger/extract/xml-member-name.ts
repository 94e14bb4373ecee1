import { isXmlElementName } from '../../serialization/xml-chars';
import { type Converter, type Site } from './converter';
import { locationOf } from './source-text';

/**
 * The members each run has reported, by where they are written and their names, so that `Weird`
 * and `Partial<Weird>` warn once, and `Record<1 | 2, T>`, one written type, once per member.
 */
const reportedBy = new WeakMap<Converter, WeakMap<object, Set<string>>>();

/** Whether the member `name` written at `node` is reported already; marks it reported. */
function reportedBefore(converter: Converter, node: object, name: string): boolean {
  const byNode = reportedBy.get(converter) ?? new WeakMap<object, Set<string>>();
  reportedBy.set(converter, byNode);
  const names = byNode.get(node) ?? new Set<string>();
  byNode.set(node, names);
  if (names.has(name)) return true;
  names.add(name);
  return false;
}

/**
 * Warns, at the member, where its name is no XML element name (`'a b'`, `'1st'`, `'x:y'`): every
 * operation is served in XML too, where no request can give such a member and the server answers
 * 500 rather than write malformed XML (docs/api-description.md).
 */
export function checkXmlMemberName(converter: Converter, site: Site, name: string): void {
  if (isXmlElementName(name)) return;
  if (reportedBefore(converter, site.node, name)) return;
  converter.report({
    severity: 'warning',
    message: `${site.label}: ${JSON.stringify(name)} is no XML element name (a letter or _ first, then letters, digits, -, _ or .; no space, no colon), so XML cannot carry the member: an XML request cannot give it, and an XML answer that holds it is a 500; rename the member`,
    location: locationOf(site.node),
  });
}
