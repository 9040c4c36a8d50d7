// YaiaOpenAPI reads descriptions with Yams, which an app gets only with the Yaia package's
// "OpenAPI" trait (or "MockServer", which enables it): .package(url: …, from: …, traits:
// ["OpenAPI"]). Without it, say so here rather than let the build fail on a missing module.
#if !OpenAPI
  #error("YaiaOpenAPI needs the Yaia package's \"OpenAPI\" trait: traits: [\"OpenAPI\"]")
#endif
