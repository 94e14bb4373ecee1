declare module 'parse-prometheus-text-format' {
  /** Parses the Prometheus text format into metric families, as prom2json writes them. */
  function parsePrometheusTextFormat(text: string): unknown[];
  export = parsePrometheusTextFormat;
}
