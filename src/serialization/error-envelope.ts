import { type ErrorBody } from '../errors';
import { type Format } from './sequence';
import { escapeXmlText } from './xml-text';

/** The error envelope of docs/design.md §6 in one family. */
export function serializeError(error: ErrorBody, requestId: string, format: Format): string {
  if (format === 'json') {
    return JSON.stringify({
      error: { status: error.status, code: error.code, message: error.message, requestId },
    });
  }
  return (
    `<error><status>${error.status}</status><code>${escapeXmlText(error.code)}</code>` +
    `<message>${escapeXmlText(error.message)}</message>` +
    `<requestId>${escapeXmlText(requestId)}</requestId></error>`
  );
}
