#if MockServer  // the trait; without it, TraitRequirement.swift names it
  // The HTTP values in the mock server's API (`HTTPMethod`, `HTTPHeaders`, `HTTPStatus`) come
  // with it: `import YaiaMockServer` is enough.
  @_exported import YaiaHTTP
  // OpenAPI descriptions, which the server serves and checks requests and fixtures against.
  @_exported import YaiaOpenAPI
#endif
