import { XmlScanError } from './xml-scan-error';
import { decodeXmlText } from './xml-text';

/** The namespace the prefix `xml` is bound to without a declaration. */
export const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';
/** XML Schema's instance namespace: its `nil` attribute is XML's `null`. */
export const XSI_NAMESPACE = 'http://www.w3.org/2001/XMLSchema-instance';
/** The namespace of `xmlns` itself, which no declaration may name. */
const XMLNS_NAMESPACE = 'http://www.w3.org/2000/xmlns/';

/**
 * Refuses a declaration of `prefix` that XML Namespaces 1.0 forbids (section 3, "Reserved Prefixes
 * and Namespace Names" and "No Prefix Undeclaring"): an empty namespace, declaring `xmlns`, binding
 * `xml` elsewhere than its own namespace, and binding another prefix to that of `xml` or `xmlns`.
 */
export function checkDeclaration(prefix: string, uri: string): void {
  if (prefix === 'xmlns') throw new XmlScanError('prefix xmlns may not be declared');
  if (uri === '') {
    throw new XmlScanError(
      `xmlns:${prefix}="" undeclares prefix ${prefix}, which XML Namespaces 1.0 does not allow`,
    );
  }
  if ((prefix === 'xml') !== (uri === XML_NAMESPACE)) {
    throw new XmlScanError(`only prefix xml may be bound to ${XML_NAMESPACE}, and only to it`);
  }
  if (uri === XMLNS_NAMESPACE) {
    throw new XmlScanError(`prefix ${prefix} may not be bound to ${XMLNS_NAMESPACE}`);
  }
}

/** Refuses a default namespace (`xmlns="…"`, its value as written) of `xml` or `xmlns`. */
export function checkDefaultNamespace(value: string): void {
  const uri = decodeXmlText(value);
  if (uri === XML_NAMESPACE || uri === XMLNS_NAMESPACE) {
    throw new XmlScanError(`the default namespace may not be ${uri}`);
  }
}
