import { acceptedNames, libAName } from './lib-a-names';
import { BindError, type BindOptions, type SequenceSerializer } from './sequence';
import { bindXml } from './xml-bind';
import { parseXmlTree, type XmlNode, XmlScanError } from './xml-parser';
import { createXmlWriter, libBName, type Naming } from './xml-writer';

/**
 * Parses one XML document into an {@link XmlNode} tree, in one pass that also enforces the safety
 * rules (no DOCTYPE, only predefined and numeric references, the depth limit).
 */
export function parseXml(text: string, options: BindOptions): XmlNode {
  try {
    return parseXmlTree(text, options.maxDepth);
  } catch (error) {
    if (!(error instanceof XmlScanError)) throw error;
    throw new BindError(
      `not accepted XML: ${error.message}`,
      '',
      error.limit ? 'LIMIT_EXCEEDED' : 'MALFORMED_BODY',
    );
  }
}

function xmlSerializer(naming: Naming, strictRoot: boolean): SequenceSerializer {
  const write = createXmlWriter(naming);
  return {
    format: 'xml',
    readArgument(text, type, options) {
      const root = parseXml(text, options);
      if (strictRoot) {
        const accepted = acceptedNames(type);
        if (!accepted.includes(root.name)) {
          throw new BindError(
            `expected root element ${accepted.map((n) => `<${n}>`).join(' or ')}, got <${root.name}>`,
          );
        }
      }
      return bindXml(root, type, { path: '', options });
    },
    writeResult(value, type) {
      return write(naming(value, type), value, type);
    },
  };
}

/** libB XML: roots named after the class, ignored on reading; values bind by declared type. */
export const libBXmlSerializer: SequenceSerializer = xmlSerializer(libBName, false);

/** libA XML: roots named by alias (`<mulInput>`), which must match the declared type on reading. */
export const libAXmlSerializer: SequenceSerializer = xmlSerializer(libAName, true);
