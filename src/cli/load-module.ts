import path from 'node:path';

/** Loads a CommonJS module by path and returns its default export (or the module itself). */
export function loadDefaultExport(file: string): unknown {
  const loaded: unknown = require(path.resolve(file));
  if (loaded && typeof loaded === 'object' && 'default' in loaded) {
    return (loaded as { default: unknown }).default;
  }
  return loaded;
}
