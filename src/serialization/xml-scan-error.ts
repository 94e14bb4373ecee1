/** A document that is not well-formed or that breaks a safety rule; `limit` marks the depth limit. */
export class XmlScanError extends Error {
  constructor(
    message: string,
    readonly limit = false,
  ) {
    super(message);
    this.name = 'XmlScanError';
  }
}
