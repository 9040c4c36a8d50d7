#if OpenAPI  // the trait; without it, TraitRequirement.swift names it
  public import YaiaHTTP

  /// The request a description checks: now YaiaHTTP's ``HTTPRequest``, the one request value
  /// the mock server, the OpenAPI checks and the remote layer share.
  @available(*, deprecated, renamed: "HTTPRequest")
  public typealias OpenAPIRequest = HTTPRequest
#endif
