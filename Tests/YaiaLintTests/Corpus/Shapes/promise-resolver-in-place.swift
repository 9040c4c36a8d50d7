// rule: nested-closures
// pattern: promise-resolver-in-place
// expect: none
func open(_ url: URL) -> Promise<Void> {
  Promise<Void> { seal in
    api.connect { error in
      queue.async {
        router.open(url) { seal.resolve(error) }
      }
    }
  }
}
