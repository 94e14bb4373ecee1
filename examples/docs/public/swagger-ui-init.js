// Starts Swagger UI on the API description beside this page. Without a host in the document,
// "Try it out" calls the origin the document came from: the main server's entry point.
(() => {
  const root = document.getElementById('swagger-ui');
  if (typeof window.SwaggerUIBundle !== 'function') {
    root.textContent =
      'Swagger UI is not in ./swagger-ui/ yet: `npm start` copies it from swagger-ui-dist. ' +
      'The API description is ./swagger.json.';
    return;
  }
  window.ui = window.SwaggerUIBundle({
    url: new URL('./swagger.json', window.location.href).href,
    dom_id: '#swagger-ui',
    deepLinking: true,
    // The default would send the document to an online validator; it is validated at build time.
    validatorUrl: null,
    presets: [window.SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
})();
