// YaiaStore builds on GRDB, which an app gets only with the Yaia
// package's "Store" trait: .package(url: …, from: …, traits: ["Store"]). Without it,
// say so here rather than let the build fail on a missing module.
#if !Store
  #error("YaiaStore needs the Yaia package's \"Store\" trait: traits: [\"Store\"]")
#endif
