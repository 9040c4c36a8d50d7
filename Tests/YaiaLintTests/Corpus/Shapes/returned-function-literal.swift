// rule: nested-closures
// pattern: returned-function-literal
// expect: none
func reportErrors(_ middleware: @escaping Middleware) -> Middleware {
  return { conn in
    middleware(conn).flatMap { result in
      IO { outcome in
        queue.async { report(outcome) }
      }
    }
  }
}
