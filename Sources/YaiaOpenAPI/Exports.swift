#if OpenAPI  // the trait; without it, TraitRequirement.swift names it
  // The HTTP values in this module's API (`HTTPMethod`, `HTTPStatus`, `HTTPHeaders`) come with
  // it: `import YaiaOpenAPI` is enough.
  @_exported import YaiaHTTP
#endif
