// rule: commented-out-code
// config: rules: { commented-out-code: on }
// pattern: doc-example
// expect: 12
// An app that needs only the core names no trait, for example:
//   .package(url: "https://github.com/yaia/yaia", from: "0.1.0", traits: [])
// The bearing between two points is
//   θ = atan2(sinΔλ ⋅ cosφ2, cosφ1 ⋅ sinφ2 − sinφ1 ⋅ cosφ2 ⋅ cosΔλ)
func bearing() -> Double { 0 }

// Old code, left behind:
// let cached = store.load()
func load() {}
