import Foundation
import Testing
import Yaia
import YaiaSequencer
import YaiaTesting

@testable import YaiaDemo

/// Text a hostile server (or file) could send: escape sequences that clear the screen, retitle
/// the window and write the clipboard, a carriage return, a right-to-left override, a C1 CSI.
let hostile =
  "ada\u{1B}[2J\u{1B}]0;pwned\u{7}\u{1B}]52;c;ZXZpbA==\u{7}\r\u{202E}gnp.exe\u{9B}31m\u{200B}"

@Suite("Hostile text: shown, never acted on")
struct HostileTextTests {
  @Test("the terminal rule escapes controls, format characters and separators, nothing else")
  func rule() {
    #expect(VisibleText.escaped("Küche · 🔊 Ada") == "Küche · 🔊 Ada")
    #expect(VisibleText.escaped("a\u{1B}[2Jb") == "a\\u{1B}[2Jb")
    #expect(VisibleText.escaped("\r\n\t\u{7F}\u{9B}") == "\\u{D}\\u{A}\\u{9}\\u{7F}\\u{9B}")
    #expect(
      VisibleText.escaped("\u{202E}x\u{200B}\u{2028}\u{E000}")
        == "\\u{202E}x\\u{200B}\\u{2028}\\u{E000}")
    #expect(VisibleText.isPlain("Ada Lovelace"))
    #expect(!VisibleText.isPlain(hostile))
  }

  @Test(
    "server text on every screen reaches the terminal escaped; only the app's own styles remain")
  func screens() throws {
    var app = DemoAppState(scenario: .regular, plan: try DemoLaunch.plan(.regular))
    _ = app.handle(.note(.loggedIn(user: hostile, automatically: true)))
    _ = app.handle(
      .note(.configuration(.init(country: hostile, language: hostile, supportedLanguages: []))))
    _ = app.handle(.note(.savedLoginRefused(hostile)))
    _ = app.handle(.note(.push(message: hostile)))
    var models = [app]
    _ = app.handle(
      .launchEnded(
        .init(
          outcome: .aborted(by: .forceUpdate, reason: hostile), spans: [],
          duration: .milliseconds(1), launchTime: .milliseconds(1), criticalPath: [],
          budget: .seconds(3))))
    models.append(app)
    for model in models {
      for ansi in [false, true] {
        let text = ScreenText(ansi: ansi).text(for: model)
        // Remove the app's own styling (ESC [ digits m), then nothing a terminal acts on may be left.
        let unstyled = text.replacing(/\u{1B}\[[0-9;]*m/, with: "")
        let acted = unstyled.unicodeScalars.filter {
          $0 != "\n" && !VisibleText.isPlain(String($0))
        }
        #expect(acted.isEmpty, "acted on: \(acted.map { String($0.value, radix: 16) })")
      }
    }
  }

  @Test(
    "a user name, country or language that is not short and printable is refused where it enters")
  func serverValuesValidated() throws {
    let decoder = JSONDecoder()
    let tokens = #"{"token":"t","refreshToken":"r","user":"ada\u001b]0;x\u0007"}"#
    #expect(throws: DecodingError.self) {
      try decoder.decode(DemoAPI.Tokens.self, from: Data(tokens.utf8))
    }
    let long = #"{"token":"t","refreshToken":"r","user":"\#(String(repeating: "a", count: 65))"}"#
    #expect(throws: DecodingError.self) {
      try decoder.decode(DemoAPI.Tokens.self, from: Data(long.utf8))
    }
    let marks = "a" + String(repeating: "\u{301}", count: 1000)
    #expect(throws: DecodingError.self) {
      try decoder.decode(
        DemoAPI.Tokens.self,
        from: JSONEncoder().encode(["token": "t", "refreshToken": "r", "user": marks]))
    }
    let configuration = #"{"country":"DE\r","language":"de","supportedLanguages":["de"]}"#
    #expect(throws: DecodingError.self) {
      try decoder.decode(DemoAPI.Configuration.self, from: Data(configuration.utf8))
    }
    let fine = #"{"country":"DE","language":"de","supportedLanguages":["de","en","pt-BR"]}"#
    #expect(
      try decoder.decode(DemoAPI.Configuration.self, from: Data(fine.utf8)).supportedLanguages
        == ["de", "en", "pt-BR"])
    let version = #"{"updateRequired":true,"minimumVersion":"9.0\u001b[2J"}"#
    #expect(throws: DecodingError.self) {
      try decoder.decode(DemoAPI.VersionCheck.self, from: Data(version.utf8))
    }
  }

  @Test("a saved login with a hostile user name is not replayed: it is unreadable, and replaced")
  func savedLoginValidated() throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "yaia-hostile-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = LoginFile(folder.appending(path: "login.json"))
    try JSONEncoder().encode(["user": hostile, "token": "t", "refreshToken": "r"])
      .write(to: file.url)
    #expect(throws: LoginFileError.self) { try file.load() }
  }

  @Test("a login that cannot be saved leaves no partial file holding the token")
  func failedSaveLeavesNothing() throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "yaia-blocked-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // The login file's path is taken by a folder with something in it: the rename fails.
    let blocked = folder.appending(path: "login.json")
    try FileManager.default.createDirectory(at: blocked, withIntermediateDirectories: true)
    try Data("keep".utf8).write(to: blocked.appending(path: "note.txt"))
    let file = LoginFile(blocked)
    #expect(throws: LoginFileError.self) {
      try file.save(LoginSession(user: "ada", token: Secret("tok"), refreshToken: Secret("ref")))
    }
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(left == ["login.json"])
    #expect(try Data(contentsOf: blocked.appending(path: "note.txt")) == Data("keep".utf8))
  }
}
