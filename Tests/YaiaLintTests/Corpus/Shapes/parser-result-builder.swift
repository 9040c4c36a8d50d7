// rule: nested-closures
// pattern: parser-result-builder
// expect: none
let router = OneOf {
  Route(.case(AppRoute.home)) {
    Path { "home" }
    Query { Field("page") { Digits() } }
  }
}
