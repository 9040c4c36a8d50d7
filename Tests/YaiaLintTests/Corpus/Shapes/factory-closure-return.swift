// rule: nested-closures
// pattern: factory-closure-return
// expect: none
func showActivity() {
  core.start { error in
    queue.async {
      session.refresh { result in
        navigator.push(provider: { context in return ActivityViewController(context: context) })
      }
    }
  }
}
