// yaia-lint builds on YaiaLint (swift-syntax, Yams) and swift-argument-parser, which an app gets
// only with the Yaia package's "Lint" trait (or "Tools", which includes it). Without it, say so
// here rather than let the build fail on a missing module.
#if !Lint
  #error(
    "yaia-lint and the yaia-lint plugin need the Yaia package's \"Lint\" trait: traits: [\"Lint\"]")
#endif
