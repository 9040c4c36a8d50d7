import Yaia

/// The search screen of the documentation's articles: a query field, results that arrive
/// 300 ms after the user stops typing, and an error line.
struct SearchState: ShellState {
  enum Event: Equatable, Sendable {
    case queryChanged(String)
    case resultsLoaded([String])
    case searchFailed
  }

  enum Command: Equatable {
    case search(String)
    case cancelSearch
  }

  struct ViewModel: Equatable {
    var query = ""
    var results: [String] = []
    var isSearching = false
    var error: String?
  }

  private(set) var viewModel = ViewModel()

  mutating func handle(_ event: Event) -> [Command] {
    switch event {
    case .queryChanged(let query):
      viewModel.query = query
      viewModel.error = nil
      if query.isEmpty {
        viewModel = ViewModel()
        return [.cancelSearch]
      }
      viewModel.isSearching = true
      return [.search(query)]
    case .resultsLoaded(let results):
      viewModel.results = results
      viewModel.isSearching = false
      return []
    case .searchFailed:
      viewModel.isSearching = false
      viewModel.error = "Search failed. Try again."
      return []
    }
  }
}

/// The services the search shell talks to: a function and a clock, so tests pass their own.
struct SearchServices: Sendable {
  var search: @Sendable (String) async throws -> [String]
  var clock: any Clock<Duration> = ContinuousClock()
}

enum SearchShell {
  /// One switch from command to service call; the debounce is the shell's, the clock injected.
  @MainActor
  static func run(
    _ command: SearchState.Command, _ effects: ShellEffects<SearchState>,
    services: SearchServices
  ) {
    switch command {
    case .search(let query):
      let search = services.search
      effects.debounce(id: "search", for: .milliseconds(300), clock: services.clock) {
        do {
          return .resultsLoaded(try await search(query))
        } catch {
          return .searchFailed
        }
      }
    case .cancelSearch:
      effects.cancel(id: "search")
    }
  }
}
