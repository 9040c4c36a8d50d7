// yaia-bench-lint builds on swift-syntax and swift-argument-parser, which an app gets only with
// the Yaia package's "Tools" trait: .package(url: …, from: …, traits: ["Tools"]). Without it,
// say so here rather than let the build fail on a missing module.
#if !Tools
  #error("yaia-bench-lint needs the Yaia package's \"Tools\" trait: traits: [\"Tools\"]")
#endif
