import Testing
import Yaia
import YaiaTesting

@Suite("Given / when / then")
struct GivenWhenThenTests {
  @Test("passes when the commands and the view model match")
  func passes() {
    let state = Given(Counter())
      .when(.increment, .increment, .decrement)
      .then([.log("up"), .log("up"), .log("down")], viewModel: .init(count: 1))
    #expect(state.viewModel.count == 1)
  }

  @Test("when(…) goes on step by step, checking a step's commands and then its state")
  func whenSteps() {
    Given(Counter())
      .when(.increment, .increment)
      .step(.decrement, commands: [.log("down")]) { $0.count = 1 }
      .step(.fetchTapped, commands: [.fetch]) { $0.isFetching = true }
    withKnownIssue {
      Given(Counter()).when(.increment).step(.increment, commands: [.log("down")]) {
        $0.count = 2
      }
    } matching: {
      String(describing: $0).contains("Commands differ at step 2")
    }
    Given(Counter()).when(.increment).step(.reset, state: { $0 = Counter() })
  }

  @Test("a wrong command fails, naming the event where actual and expected diverged")
  func namesDivergingEvent() {
    withKnownIssue {
      Given(Counter())
        .when(.increment, .decrement, .increment)
        .then([.log("up"), .log("up"), .log("up")])
    } matching: { issue in
      let text = String(describing: issue)
      return text.contains("Commands differ from event 2 of 3")
        && text.contains("decrement")
        && text.contains("(command 2)")
    }
  }

  @Test("a failure is titled by what differed, and its diff is the detail below the title")
  func titledByWhatDiffered() {
    withKnownIssue {
      Given(Counter()).when(.fetchTapped).then(viewModel: .init(count: 0, isFetching: false))
    } matching: { issue in
      // Swift Testing lists an issue by its error; a bare comment would be "Issue recorded".
      let title = issue.error.map { String(describing: $0) } ?? ""
      let detail = issue.comments.map(\.rawValue).joined()
      return title.hasPrefix("View model differs after event 1 of 1")
        && !title.contains("\n") && detail.contains("−   isFetching: false")
    }
  }

  @Test("a missing command is reported after the last event")
  func missingCommand() {
    withKnownIssue {
      Given(Counter()).when(.reset).then([.log("reset")])
    } matching: { issue in
      String(describing: issue).contains("Commands differ from event 1 of 1")
    }
  }

  @Test("a wrong view model fails with a field-by-field diff")
  func viewModelDiff() {
    withKnownIssue {
      Given(Counter()).when(.fetchTapped).then(viewModel: .init(count: 0, isFetching: false))
    } matching: { issue in
      let text = String(describing: issue)
      return text.contains("View model differs after event 1 of 1")
        && text.contains("−   isFetching: false")
        && text.contains("+   isFetching: true")
    }
  }

  @Test("a journal's events can be the 'when'")
  func journalAsWhen() {
    Given(Counter())
      .when(Journal([.increment, .fetched(41), .increment]))
      .then(viewModel: .init(count: 42))
  }
}
