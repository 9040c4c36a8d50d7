import Foundation
import Testing
import YaiaResources
import YaiaTesting

@testable import YaiaDemo

@Suite("Pairing, as a value")
struct PairingStateTests {
  @Test("speakers are listed strongest first, and each update marks its rows like a table view")
  func listAndMarks() {
    var state = PairingState()
    _ = state.handle(.radio(.appeared(broadcast("a", -70))))
    _ = state.handle(.radio(.appeared(broadcast("b", -50))))
    #expect(state.viewModel.rows.map(\.id) == ["b", "a"])
    #expect(state.viewModel.rows.map(\.mark) == [.inserted, nil])
    let rows = state.viewModel.rows
    #expect(rows.first?.isSelected == true, "the list starts at the top: the strongest")
    _ = state.handle(.radio(.signal(id: "b", dBm: -55)))
    #expect(state.viewModel.rows.map(\.mark) == [.updated, nil])
    _ = state.handle(.radio(.appeared(broadcast("c", -60))))
    _ = state.handle(.radio(.signal(id: "a", dBm: -40)))  // a moves to the top, with a new signal
    #expect(state.viewModel.rows.map(\.id) == ["a", "b", "c"])
    #expect(
      state.viewModel.changes == .changesSummary(0, 0, 0, 1, 0),
      "a speaker that moved with a new signal is one speaker, not a removal and an insertion")
    _ = state.handle(.radio(.vanished(id: "b")))
    #expect(state.viewModel.rows.map(\.id) == ["a", "c"])
    #expect(state.viewModel.changes == .changesSummary(0, 0, 0, 0, 1))
  }

  @Test("the selection stays on the top row until the user moves it")
  func selectionStartsAtTheTop() {
    var state = PairingState()
    _ = state.handle(.radio(.appeared(broadcast("a", -70))))
    _ = state.handle(.radio(.appeared(broadcast("b", -50))))
    _ = state.handle(.radio(.appeared(broadcast("c", -40))))
    #expect(state.viewModel.rows.first { $0.isSelected }?.id == "c")
    _ = state.handle(.moveSelection(by: 1))
    _ = state.handle(.radio(.appeared(broadcast("d", -30))))
    #expect(
      state.viewModel.rows.first { $0.isSelected }?.id == "b",
      "once the user chose, the selection follows the speaker they chose")
  }

  @Test("the selection follows its speaker when rows move, and its neighbour when it vanishes")
  func selection() {
    var state = PairingState()
    _ = state.handle(.radio(.appeared(broadcast("a", -50))))
    _ = state.handle(.radio(.appeared(broadcast("b", -60))))
    _ = state.handle(.moveSelection(by: 1))
    #expect(state.viewModel.rows.first { $0.isSelected }?.id == "b")
    _ = state.handle(.radio(.signal(id: "b", dBm: -30)))
    #expect(state.viewModel.rows.first { $0.isSelected }?.id == "b")
    _ = state.handle(.radio(.vanished(id: "b")))
    #expect(state.viewModel.rows.first { $0.isSelected }?.id == "a")
  }

  @Test("pick, name, save: the shell is asked to save, then pairing is finished")
  func pairing() {
    Given(PairingState())
      .when(
        .radio(.appeared(broadcast("a", -50))), .pick, .typed("Kitchen"), .submit,
        .saved(.success("a"))
      )
      .then([
        .save(address: "a", model: "Model a", nickname: "Kitchen"), .finished(pairedAddress: "a"),
      ])
  }

  @Test("bad nicknames get a message and save nothing")
  func badNicknames() {
    var state = Given(PairingState())
      .when(.radio(.appeared(broadcast("a", -50))), .pick, .submit)
      .then([])
    #expect(state.viewModel.message == LocalizedText.entryEmpty(.homeNickname))
    _ = state.handle(.typed("Den"))
    _ = state.handle(.typed(String(repeating: "x", count: 10_000)))
    #expect(
      state.viewModel.message
        == .entryTooLong(LocalizedText.homeNickname, 10003, PairingState.nicknameLimit))
    _ = state.handle(.typed("\u{1B}"))
    #expect(state.viewModel.message == .entryControlCharacter(LocalizedText.homeNickname, "U+001B"))
    #expect(state.viewModel.naming == PairingState.Naming(model: "Model a", nickname: "Den"))
  }

  @Test("a speaker already paired is not paired twice; Esc leaves naming, then pairing")
  func alreadyPairedAndCancel() {
    Given(PairingState())
      .when(.paired(["a": "Kitchen"]), .radio(.appeared(broadcast("a", -50))), .pick)
      .then([])
    Given(PairingState())
      .when(.radio(.appeared(broadcast("a", -50))), .pick, .cancel, .cancel)
      .then([.finished(pairedAddress: nil)])
  }

  @Test("a failed save keeps the nickname and says why")
  func failedSave() {
    let state = Given(PairingState())
      .when(
        .radio(.appeared(broadcast("a", -50))), .pick, .typed("Den"), .submit,
        .saved(.failure(.init("disk full")))
      )
      .then([.save(address: "a", model: "Model a", nickname: "Den")])
    #expect(state.viewModel.message == .pairingNotSaved("disk full"))
    #expect(state.viewModel.naming?.nickname == "Den")
    #expect(state.viewModel.isSaving == false)
  }
}

@Suite("Home, as a value")
struct SpeakerListStateTests {
  @Test("the store's list is shown by nickname; a rename coming back marks the moved row")
  func listAndRename() {
    var state = SpeakerListState()
    _ = state.handle(.loaded([speaker("a", "Attic"), speaker("b", "Bath")]))
    #expect(state.viewModel.rows.map(\.nickname) == ["Attic", "Bath"])
    #expect(state.viewModel.rows.map(\.mark) == [.inserted, .inserted])
    let commands = Given(state).when(
      .rename, .deleteBackward, .deleteBackward, .deleteBackward, .deleteBackward, .deleteBackward,
      .typed("Zoo"), .submit
    )
    .then([.rename(address: "a", nickname: "Zoo")])
    #expect(commands.viewModel.mode == .browsing)
    _ = state.handle(.loaded([speaker("b", "Bath"), speaker("a", "Zoo")]))
    // The fewest moves: b moves above a, and a (in place) is reloaded with its new name.
    #expect(state.viewModel.rows.map(\.mark) == [.moved, .updated])
    #expect(
      state.viewModel.changes == .changesSummary(0, 1, 1, 0, 0))
    _ = state.handle(.loaded([speaker("b", "Bath"), speaker("a", "Zoo"), speaker("c", "Zz")]))
    #expect(state.viewModel.rows.map(\.mark) == [nil, nil, .inserted])
  }

  @Test("delete asks first; n keeps the speaker")
  func delete() {
    let given = Given(SpeakerListState()).when(
      .loaded([speaker("a", "Attic")]), .moveSelection(by: 1))
    given.then([])
    Given(given.then([])).when(.delete, .confirmDelete(false)).then([])
    let asking = Given(given.then([])).when(.delete).then([])
    #expect(asking.viewModel.mode == .confirmingDelete(nickname: "Attic"))
    Given(asking).when(.confirmDelete(true)).then([.delete(address: "a")])
  }

  @Test("bad nicknames are refused while renaming; nothing is written")
  func badRename() {
    var state = Given(SpeakerListState())
      .when(
        .loaded([speaker("a", "Den")]), .rename, .deleteBackward, .deleteBackward,
        .deleteBackward, .submit
      )
      .then([])
    #expect(state.viewModel.message == LocalizedText.entryEmpty(.homeNickname))
    _ = state.handle(.typed(String(repeating: "x", count: 10_000)))
    #expect(
      state.viewModel.message
        == .entryTooLong(LocalizedText.homeNickname, 10000, PairingState.nicknameLimit))
    _ = state.handle(.typed("\u{7}"))
    #expect(state.viewModel.message == .entryControlCharacter(LocalizedText.homeNickname, "U+0007"))
    #expect(state.viewModel.mode == .renaming(model: "Model a", nickname: ""))
  }

  @Test("with nothing paired, rename and delete say how to pair; p asks for pairing")
  func empty() {
    var state = SpeakerListState()
    _ = state.handle(.loaded([]))
    _ = state.handle(.rename)
    #expect(state.viewModel.message == .homeNoSpeakerYet)
    #expect(state.handle(.pairNew) == [.pairNew])
  }

  @Test("a speaker deleted elsewhere while being renamed ends the rename with a message")
  func deletedMeanwhile() {
    let state = Given(SpeakerListState())
      .when(.loaded([speaker("a", "Den")]), .rename, .loaded([]))
      .then([])
    #expect(state.viewModel.mode == .browsing)
    #expect(state.viewModel.message == .homeDeletedMeanwhile)
  }
}

@Suite("Login, as a value")
struct LoginStateTests {
  static let session = LoginSession(user: "ada", token: Secret("t"), refreshToken: Secret("r"))

  @Test("an empty user name is refused before anything is sent")
  func validation() {
    let state = Given(LoginState()).when(.submit).then([])
    #expect(state.viewModel.banner == LocalizedText.entryEmpty(.loginUserName))
    let moved = Given(LoginState()).when(.typed("ada"), .submit).then([])
    #expect(moved.viewModel.focus == .password)
    let empty = Given(LoginState()).when(.typed("ada"), .switchField, .submit).then([])
    #expect(empty.viewModel.banner == LocalizedText.entryEmpty(.loginPassword))
  }

  @Test("a wrong password shows the banner and clears the password; then success moves on")
  func wrongThenRight() {
    let refused = Given(LoginState())
      .when(
        .typed("ada"), .switchField, .typed("nope"), .submit, .response(.failure(.wrongPassword))
      )
      .then([.logIn(user: "ada", password: "nope")])
    #expect(refused.viewModel.banner == .loginWrongPassword)
    #expect(refused.viewModel.password == "")
    Given(refused)
      .when(.typed("swordfish"), .submit, .response(.success(Self.session)))
      .then([.logIn(user: "ada", password: "swordfish"), .finished(Self.session)])
  }

  @Test("the password is shown as bullets; a server failure says so; no double submit")
  func displayAndFailure() {
    let loading = Given(LoginState())
      .when(.typed("ada"), .switchField, .typed("pw"), .submit, .submit)
      .then([.logIn(user: "ada", password: "pw")])
    #expect(loading.viewModel.password == "••")
    #expect(loading.viewModel.isLoading)
    let failed = Given(loading).when(.response(.failure(.unavailable("HTTP 500")))).then([])
    #expect(failed.viewModel.banner == .loginFailed("HTTP 500"))
  }

  @Test("a session never shows its tokens")
  func redacted() {
    let text = "\(Self.session)"
    #expect(text.contains("<redacted>") && !text.contains("\"t\"") && !text.contains("\"r\""))
    #expect(String(describing: Self.session.token) == "<redacted>")
    var dumped = ""
    dump(Self.session, to: &dumped)
    #expect(!dumped.contains("\"t\"") && !dumped.contains("\"r\""))
  }
}

@Suite("Tutorial and language, as values")
struct SmallScreensTests {
  @Test("the tutorial pages through and finishes; s skips")
  func tutorial() {
    Given(TutorialState()).when(.next, .next, .next).then([.finished])
    Given(TutorialState()).when(.skip).then([.finished])
    #expect(Given(TutorialState()).when(.next).then([]).viewModel.number == 2)
  }

  @Test("the suggested language is selected; the choice is clamped to the list")
  func language() {
    Given(LanguageState(languages: ["de", "en", "fr"], suggested: "en"))
      .when(.moveSelection(by: 5), .confirm)
      .then([.chosen("fr")])
    Given(LanguageState(languages: [], suggested: "de")).when(.moveSelection(by: -1), .confirm)
      .then([.chosen("de")])
  }
}
