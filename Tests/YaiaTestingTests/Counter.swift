import Yaia

/// A tiny feature for testing the testing tools.
struct Counter: ShellState, Equatable {
  enum Event: Equatable, Sendable {
    case increment, decrement, reset, fetchTapped
    case fetched(Int)
  }
  enum Command: Equatable {
    case fetch
    case log(String)
  }
  struct ViewModel: Equatable, Sendable {
    var count = 0
    var isFetching = false
  }

  private(set) var viewModel = ViewModel()

  mutating func handle(_ event: Event) -> [Command] {
    switch event {
    case .increment:
      viewModel.count += 1
      return [.log("up")]
    case .decrement:
      viewModel.count -= 1
      return [.log("down")]
    case .reset:
      viewModel.count = 0
      return []
    case .fetchTapped:
      viewModel.isFetching = true
      return [.fetch]
    case .fetched(let value):
      viewModel = ViewModel(count: value, isFetching: false)
      return [.log("fetched")]
    }
  }
}
