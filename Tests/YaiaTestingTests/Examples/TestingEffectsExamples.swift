import Testing
import Yaia
import YaiaTesting

/// The examples of the "Testing Effects" article, exactly.
@MainActor
@Suite("Testing effects: the article's examples")
struct TestingEffectsExamples {
  @Test("three fast keystrokes search once, for the last query")
  func debouncedSearch() async {
    let clock = TestClock()
    let harness = ShellHarness(SearchState()) { command, effects in
      SearchShell.run(
        command, effects, services: SearchServices(search: { [$0 + "!"] }, clock: clock))
    }
    harness.send(.queryChanged("s"))
    harness.send(.queryChanged("sw"))
    harness.send(.queryChanged("swift")) { $0.query = "swift" }
    await clock.sleepers(1)
    await clock.advance(by: .milliseconds(300))
    await harness.receive(.resultsLoaded(["swift!"])) {
      $0.results = ["swift!"]
      $0.isSearching = false
    }
    await harness.finish()
    #expect(harness.events.count == 4)  // three keystrokes, one result
  }

  @Test("clearing the query cancels the search: the service is never called")
  func clearingCancels() async {
    let clock = TestClock()
    let harness = ShellHarness(SearchState()) { command, effects in
      let services = SearchServices(search: failingStub("search"), clock: clock)
      SearchShell.run(command, effects, services: services)
    }
    harness.send(.queryChanged("s"))
    harness.send(.queryChanged("")) { $0 = SearchState.ViewModel() }
    await clock.advance(by: .seconds(1))
    await harness.finish()
    #expect(harness.events == [.queryChanged("s"), .queryChanged("")])  // no result arrived
  }

  @Test("a failed search shows the error line")
  func failedSearch() async {
    let clock = TestClock()
    let harness = ShellHarness(SearchState()) { command, effects in
      let services = SearchServices(search: { _ in throw SearchDown() }, clock: clock)
      SearchShell.run(command, effects, services: services)
    }
    harness.send(.queryChanged("swift"))
    await clock.sleepers(1)
    await clock.advance(by: .milliseconds(300))
    await harness.receive(.searchFailed) {
      $0.isSearching = false
      $0.error = "Search failed. Try again."
    }
    await harness.finish()
    #expect(harness.rendered.last?.error == "Search failed. Try again.")
  }

  @Test("the state alone, step by step")
  func stateSteps() {
    let end = Given(SearchState())
      .step(.queryChanged("swift"), commands: [.search("swift")]) {
        $0.query = "swift"
        $0.isSearching = true
      }
      .step(.resultsLoaded(["Swift"])) {
        $0.results = ["Swift"]
        $0.isSearching = false
      }
    #expect(end.state.viewModel.results == ["Swift"])
  }

  @Test("a timer under test: only what the test cares about, exhaustivity off")
  func nonExhaustive() async {
    let clock = TestClock()
    let harness = ShellHarness(SearchState(), exhaustivity: .off) { command, effects in
      SearchShell.run(command, effects, services: SearchServices(search: { [$0] }, clock: clock))
    }
    harness.send(.queryChanged("a"))
    await clock.sleepers(1)
    await clock.advance(by: .milliseconds(300))
    await harness.receive(.resultsLoaded(["a"]))
    #expect(harness.shell.viewModel.results == ["a"])
  }
}

/// The error of a search service that is down.
struct SearchDown: Error {}
