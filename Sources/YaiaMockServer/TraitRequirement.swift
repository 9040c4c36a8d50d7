// YaiaMockServer builds on FlyingSocks and Yams, which an app gets only with the Yaia
// package's "MockServer" trait: .package(url: …, from: …, traits: ["MockServer"]). Without it,
// say so here rather than let the build fail on a missing module.
#if !MockServer
  #error("YaiaMockServer needs the Yaia package's \"MockServer\" trait: traits: [\"MockServer\"]")
#endif
