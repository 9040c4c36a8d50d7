import Foundation
import Testing
import Yaia
import YaiaTesting

@MainActor
@Suite("Trace and journal")
struct TraceAndJournalTests {
  @Test("the trace reports each event with its commands and whether the view model changed")
  func trace() {
    var lines: [String] = []
    let shell = Shell(LoginState()) { _, _ in }
    shell.trace = { lines.append($0.description) }
    shell.send(.userChanged("ada"))
    shell.send(.passwordChanged("pw"))
    shell.send(.loginResponse(.failure(.offline)))
    #expect(
      lines == [
        "#1 userChanged(\"ada\") -> []",
        "#2 passwordChanged(\"pw\") -> [] (view model changed)",
        "#3 loginResponse(Swift.Result<YaiaTests.Session, YaiaTests.LoginError>.failure(YaiaTests.LoginError.offline)) -> [showErrorBanner(\"Failed to log in\")]",
      ])
  }

  @Test("a journal replays into a fresh state and reproduces the session exactly")
  func journalReplay() async {
    let shell = Shell(LoginState()) { command, effects in
      if case .sendLoginRequest = command { effects.send(.loginResponse(.failure(.unauthorized))) }
    }
    var rendered: [LoginState.ViewModel] = []
    shell.onRender { rendered.append($0) }
    shell.startJournal()
    shell.send(.userChanged("ada"))
    shell.send(.passwordChanged("pw"))
    shell.send(.loginTapped)
    #expect(shell.journal?.events.count == 4)
    let replay = shell.journal!.replay(into: LoginState())
    #expect(replay.state.viewModel == shell.viewModel)
    #expect(
      replay.commands == [
        .sendLoginRequest(LoginRequest(user: "ada", password: "pw")),
        .showErrorBanner("Failed to log in"),
      ])
    expectReplay(shell.journal!, into: LoginState(), renders: rendered)
  }

  @Test("a journal is Codable when its events are, and survives a round trip")
  func journalCodable() throws {
    let journal = Journal<Calculator.Key>([.digit(3), .plus, .digit(4), .equals])
    let data = try JSONEncoder().encode(journal)
    let decoded = try JSONDecoder().decode(Journal<Calculator.Key>.self, from: data)
    #expect(decoded == journal)
  }

  @Test("a corrupt journal fails to decode with a decoding error, not a crash")
  func corruptJournal() {
    let data = Data(#"{"events":[{"nope":{}}]}"#.utf8)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(Journal<Calculator.Key>.self, from: data)
    }
  }
}
