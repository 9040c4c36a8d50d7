// YaiaBench builds on GRDB, FlyingFox, swift-argument-parser, which an app gets only with the Yaia
// package's "Tools" trait: .package(url: …, from: …, traits: ["Tools"]). Without it,
// say so here rather than let the build fail on a missing module.
#if !Tools
  #error("YaiaBench needs the Yaia package's \"Tools\" trait: traits: [\"Tools\"]")
#endif
