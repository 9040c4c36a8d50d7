// The command-line tools build on swift-argument-parser, which an app gets only with the Yaia
// package's "Tools" or "Lint" trait. Without either, say so here rather than let the build fail
// on a missing module.
#if !Tools && !Lint
  #error(
    "Yaia's command-line tools need the Yaia package's \"Lint\" or \"Tools\" trait: traits: [\"Lint\"]"
  )
#endif
