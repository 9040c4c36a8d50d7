// rule: nested-closures
// pattern: callback-pyramid
// expect: 8
func connect() {
  core.requestConnection { error in
    session.open { core in
      core.fetchCapabilities { capabilities in
        DispatchQueue.main.async {
          self.show(capabilities)
        }
        OnMainThread { self.done() }
      }
    }
  }
}
