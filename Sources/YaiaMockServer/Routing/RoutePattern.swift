#if MockServer  // the trait; without it, TraitRequirement.swift names it
  public import YaiaHTTP

  /// A route's path pattern: now YaiaHTTP's ``PathTemplate``, the one path template the mock
  /// server and the OpenAPI checks share, which reads `/devices/:id` and `/devices/{id}` alike.
  @available(*, deprecated, renamed: "PathTemplate")
  public typealias RoutePattern = PathTemplate
#endif
