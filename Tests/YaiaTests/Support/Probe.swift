import Yaia

/// A small state for testing the shell: it logs the events it handles and returns whatever
/// commands the test attaches to an event.
struct Probe: ShellState {
  enum Event: Hashable, Sendable {
    case tap(Int)
    case result(String)
    case noop
    case finished(String)
  }

  enum Command: Equatable {
    case send(Event)
    case fetch(id: String?, value: String)
    case cancel(String)
    case follow(id: String)
    case end
  }

  struct ViewModel: Equatable, Sendable {
    var log: [String] = []
  }

  /// The commands to return for an event, set up by the test.
  var script: [Event: [Command]] = [:]
  private(set) var log: [String] = []

  mutating func handle(_ event: Event) -> [Command] {
    switch event {
    case .tap(let n): log.append("tap\(n)")
    case .result(let value): log.append(value)
    case .finished(let why): log.append("finished:\(why)")
    case .noop: break
    }
    return script[event] ?? []
  }

  var viewModel: ViewModel { ViewModel(log: log) }
}
