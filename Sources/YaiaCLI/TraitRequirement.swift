// YaiaCLI builds on swift-argument-parser and every library, which an app gets only with the Yaia
// package's "Tools" trait: .package(url: …, from: …, traits: ["Tools"]). Without it,
// say so here rather than let the build fail on a missing module.
#if !Tools
  #error("YaiaCLI needs the Yaia package's \"Tools\" trait: traits: [\"Tools\"]")
#endif
