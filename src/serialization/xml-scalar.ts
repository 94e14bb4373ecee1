import { type TypeRef } from '../decorators/types';
import { dateFromText, describeValue, intFromText, mismatch, numberFromText } from './binding';
import { isIntText, isNumberText } from './number-text';
import { booleanOfText, checkNumber, checkString, enumFromText } from './value-rules';
import { trimXmlSpace } from './xml-text';

/** Binds the text of an element to a scalar type: numbers, booleans and dates trimmed of XML space. */
export function bindXmlScalar(raw: string, type: TypeRef, path: string): unknown {
  switch (type.kind) {
    case 'int': {
      const text = trimXmlSpace(raw);
      if (!isIntText(text)) return mismatch(path, type, describeValue(text));
      const int = intFromText(text, path, type);
      return type.rules ? checkNumber(int, type.rules, path) : int;
    }
    case 'number': {
      const text = trimXmlSpace(raw);
      if (!isNumberText(text)) return mismatch(path, type, describeValue(text));
      const number = numberFromText(text, path, type);
      return type.rules ? checkNumber(number, type.rules, path) : number;
    }
    case 'boolean': {
      const text = trimXmlSpace(raw);
      return booleanOfText(text, true) ?? mismatch(path, type, describeValue(text));
    }
    case 'date':
      return dateFromText(trimXmlSpace(raw), path, type);
    case 'enum':
      return enumFromText(raw, type, path, trimXmlSpace(raw), true);
    case 'string':
      return type.rules ? checkString(raw, type.rules, path) : raw;
    default:
      return raw;
  }
}
