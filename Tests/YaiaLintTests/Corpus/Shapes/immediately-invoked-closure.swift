// rule: nested-closures
// pattern: immediately-invoked-closure
// expect: none
func configure() {
  api.load { result in
    cache.store(result) {
      let formatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .short
        return formatter
      }()
      log(formatter.string(from: Date()))
    }
  }
}
