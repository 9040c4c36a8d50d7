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
    let scene = Scene(LoginState()) { _, _ in }
    scene.trace = { lines.append($0.description) }
    scene.send(.userChanged("ada"))
    scene.send(.passwordChanged("pw"))
    scene.send(.loginResponse(.failure(.offline)))
    #expect(
      lines == [
        "#1 userChanged(\"ada\") -> []",
        "#2 passwordChanged(\"pw\") -> [] (view model changed)",
        "#3 loginResponse(Swift.Result<YaiaTests.Session, YaiaTests.LoginError>.failure(YaiaTests.LoginError.offline)) -> [showErrorBanner(\"Failed to log in\")]",
      ])
  }

  @Test("a journal replays into a fresh state and reproduces the session exactly")
  func journalReplay() async {
    let scene = Scene(LoginState()) { command, effects in
      if case .sendLoginRequest = command { effects.send(.loginResponse(.failure(.unauthorized))) }
    }
    var rendered: [LoginState.ViewModel] = []
    scene.onRender { rendered.append($0) }
    scene.startJournal()
    scene.send(.userChanged("ada"))
    scene.send(.passwordChanged("pw"))
    scene.send(.loginTapped)
    #expect(scene.journal?.events.count == 4)
    let replay = scene.journal!.replay(into: LoginState())
    #expect(replay.state.viewModel == scene.viewModel)
    #expect(
      replay.commands == [
        .sendLoginRequest(LoginRequest(user: "ada", password: "pw")),
        .showErrorBanner("Failed to log in"),
      ])
    expectReplay(scene.journal!, into: LoginState(), renders: rendered)
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
