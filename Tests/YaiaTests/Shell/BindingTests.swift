import Testing
import Yaia

/// A search field: the query it shows, edited by the user.
struct SearchField: ShellState {
  enum Event: Equatable, Sendable { case queryChanged(String) }
  struct ViewModel: Equatable { var query = "" }
  private(set) var viewModel = ViewModel()

  mutating func handle(_ event: Event) -> [Never] {
    switch event {
    case .queryChanged(let query): viewModel.query = String(query.prefix(10))
    }
    return []
  }
}

@MainActor
@Suite("ShellBinding: the value shown, the event that reports an edit")
struct BindingTests {
  @Test("a binding shows the view model's field and sends an edit as its event")
  func showsAndSends() {
    var sent: [SearchField.Event] = []
    let shell = Shell(SearchField()) { _, _ in }
    shell.trace = { sent.append($0.event) }
    let query = shell.binding(\.query, send: SearchField.Event.queryChanged)
    #expect(query.value == "")
    query.set("swift")
    #expect(query.value == "swift")
    #expect(sent == [.queryChanged("swift")])
  }

  @Test("setting the value already shown sends nothing")
  func noEcho() {
    var sent = 0
    let shell = Shell(SearchField()) { _, _ in }
    shell.trace = { _ in sent += 1 }
    let query = shell.binding(\.query, send: SearchField.Event.queryChanged)
    query.set("a")
    query.set("a")
    #expect(sent == 1)
  }

  @Test("the state has the last word: a rejected edit shows the state's value")
  func stateDecides() {
    let shell = Shell(SearchField()) { _, _ in }
    let query = shell.binding(\.query, send: SearchField.Event.queryChanged)
    query.set("a very long query")
    #expect(query.value == "a very lon")
  }
}
