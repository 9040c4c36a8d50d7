// YaiaLint builds on swift-syntax and Yams, which an app gets only with the Yaia
// package's "Lint" trait: .package(url: …, from: …, traits: ["Lint"]). Without it,
// say so here rather than let the build fail on a missing module.
#if !Lint
  #error("YaiaLint needs the Yaia package's \"Lint\" trait: traits: [\"Lint\"]")
#endif
