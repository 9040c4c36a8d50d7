#if MockServer  // the trait; without it, TraitRequirement.swift names it
  public import YaiaHTTP

  /// The request the mock server routes: now YaiaHTTP's ``HTTPRequest``, the one request
  /// value the mock server, the OpenAPI checks and the remote layer share.
  @available(*, deprecated, renamed: "HTTPRequest")
  public typealias MockRequest = HTTPRequest
#endif
