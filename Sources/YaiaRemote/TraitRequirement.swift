// YaiaRemote builds on swift-log, which an app gets only with the Yaia
// package's "Remote" trait: .package(url: …, from: …, traits: ["Remote"]). Without it,
// say so here rather than let the build fail on a missing module.
#if !Remote
  #error("YaiaRemote needs the Yaia package's \"Remote\" trait: traits: [\"Remote\"]")
#endif
