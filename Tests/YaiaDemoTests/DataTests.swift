import Foundation
import Testing
import YaiaSequencer
import YaiaStore

@testable import YaiaDemo

@Suite("The app's data: speakers, memory, login file, data folder")
struct DataTests {
  static func folder() throws -> DataFolder {
    let url = FileManager.default.temporaryDirectory.appending(
      path: "yaia-data-\(UUID().uuidString)")
    let folder = DataFolder(url)
    try folder.create()
    return folder
  }

  static func speaker(_ id: String, _ nickname: String) -> PairedSpeaker {
    PairedSpeaker(id: id, model: "m", nickname: nickname, pairedAt: Date(timeIntervalSince1970: 0))
  }

  @Test("saving remembers the speaker to reconnect; rename and delete broadcast their changes")
  func library() async throws {
    let library = SpeakerLibrary(store: try DataStore.inMemory(migrations: DemoSchema.migrations))
    var updates = library.updates().makeAsyncIterator()  // subscribed before any write
    #expect(await updates.next() == .all([]))
    try await library.save(Self.speaker("b", "Kitchen"))
    try await library.save(Self.speaker("a", "Den"))
    #expect(try await library.speakers().map(\.nickname) == ["Den", "Kitchen"])
    #expect(try await library.memory().lastSpeakerID == "a")
    let renamed = try await library.rename(id: "b", to: "Attic")
    #expect(renamed)
    let renamedMissing = try await library.rename(id: "zz", to: "x")
    #expect(!renamedMissing)
    try await library.delete(id: "a")
    try await library.flush()
    // Each change reads only its own rows, as stored when it is read: "a" was saved, then
    // deleted before its change was read, so it comes as deleted.
    var seen: [SpeakerUpdate] = []
    while seen.count < 4, let update = await updates.next() { seen.append(update) }
    let attic = PairedSpeaker(
      id: "b", model: "m", nickname: "Attic", pairedAt: Date(timeIntervalSince1970: 0))
    #expect(
      seen == [
        .changed(saved: [attic], deleted: []), .changed(saved: [], deleted: ["a"]),
        .changed(saved: [attic], deleted: []), .changed(saved: [], deleted: ["a"]),
      ])
    try await library.remember { $0.tutorialSeenVersion = "1.0" }
    #expect(try await library.memory().tutorialSeenVersion == "1.0")
    #expect(try await library.memory().lastSpeakerID == "a")
    // a is deleted: the launch reconnects the other one instead.
    #expect(try await library.speakerToReconnect()?.id == "b")
    try await library.delete(id: "b")
    #expect(try await library.speakerToReconnect() == nil)
  }

  @Test("the login file is created for the user only, read back, and a broken one is reported")
  func loginFile() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder.url) }
    let file = LoginFile(folder.loginFile)
    #expect(try file.load() == nil)
    let session = LoginSession(user: "ada", token: Secret("t-1"), refreshToken: Secret("r-1"))
    try file.save(session)
    let mode = try FileManager.default.attributesOfItem(atPath: folder.loginFile.path)[
      .posixPermissions]
    #expect((mode as? NSNumber)?.intValue == 0o600)
    #expect(try file.load() == session)
    // A file of the user's with the login file's name is neither read nor replaced.
    try Data("not json".utf8).write(to: folder.loginFile)
    #expect(throws: LoginFileError.notOurs(path: folder.loginFile.path)) { try file.load() }
    #expect(throws: LoginFileError.notOurs(path: folder.loginFile.path)) { try file.save(session) }
    #expect(try Data(contentsOf: folder.loginFile) == Data("not json".utf8))
    // A saved login of ours whose values no longer pass is unreadable, and replaced.
    try Data(#"{"user":"a\u001B[2J","token":"t","refreshToken":"r"}"#.utf8).write(
      to: folder.loginFile)
    #expect(throws: LoginFileError.self) { try file.load() }
    try file.save(session)
    #expect(try file.load() == session)
  }

  @Test("reset deletes the app's files and nothing else; an uncreatable folder is a typed error")
  func folderReset() async throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder.url) }
    let library = try SpeakerLibrary.open(in: folder)
    try await library.save(Self.speaker("a", "Den"))
    try LoginFile(folder.loginFile).save(
      LoginSession(user: "ada", token: Secret("t"), refreshToken: Secret("r")))
    let mine = folder.url.appending(path: "notes.txt")
    try Data("keep".utf8).write(to: mine)
    try folder.reset()
    #expect(!FileManager.default.fileExists(atPath: folder.database))
    #expect(!FileManager.default.fileExists(atPath: folder.loginFile.path))
    #expect(FileManager.default.fileExists(atPath: mine.path))

    let blocked = DataFolder(mine.appending(path: "inside"))
    #expect {
      try blocked.create()
    } throws: { error in
      (error as? DataFolderError)?.description.contains("Pick another with --data-dir") == true
    }
  }

  @Test(
    "reset refuses, untouched, a folder, a link or a foreign file that has one of the app's names")
  func resetBesideUserFiles() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder.url) }
    let manager = FileManager.default
    // The user's folder named like the login file, with their work inside.
    let theirs = folder.loginFile
    try manager.createDirectory(at: theirs, withIntermediateDirectories: true)
    try Data("thesis".utf8).write(to: theirs.appending(path: "chapter1.txt"))
    #expect(throws: DataFolderError.self) { try folder.reset() }
    #expect(try Data(contentsOf: theirs.appending(path: "chapter1.txt")) == Data("thesis".utf8))
    try manager.removeItem(at: theirs)

    // A link named like the database, pointing at the user's file elsewhere.
    let elsewhere = try Self.folder()
    defer { try? manager.removeItem(at: elsewhere.url) }
    let target = elsewhere.url.appending(path: "precious.db")
    try Data("mine".utf8).write(to: target)
    try manager.createSymbolicLink(atPath: folder.database, withDestinationPath: target.path)
    #expect(throws: DataFolderError.self) { try folder.reset() }
    #expect(try Data(contentsOf: target) == Data("mine".utf8))
    try manager.removeItem(atPath: folder.database)

    // A regular file named like the database that is not one.
    try Data("not a database".utf8).write(to: URL(fileURLWithPath: folder.database))
    let error = #expect(throws: DataFolderError.self) { try folder.reset() }
    #expect(error?.description.contains("not a SQLite database") == true)
    #expect(manager.fileExists(atPath: folder.database))
    try manager.removeItem(atPath: folder.database)

    // A regular file of the user's named like the login file: recognised by its content.
    try Data(#"{"name":"my own login.json","keep":true}"#.utf8).write(to: folder.loginFile)
    let login = #expect(throws: DataFolderError.self) { try folder.reset() }
    #expect(login?.description.contains("not a saved login") == true)
    #expect(manager.fileExists(atPath: folder.loginFile.path))
  }

  @Test("saving a login touches nothing already there: not a folder named like its partial file")
  func saveBesideUserFiles() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder.url) }
    let manager = FileManager.default
    // The old fixed name of the partial file, as a folder of the user's with work inside.
    let partial = folder.url.appending(path: ".login.json.partial")
    try manager.createDirectory(at: partial, withIntermediateDirectories: true)
    try Data("keep".utf8).write(to: partial.appending(path: "work.txt"))
    let session = LoginSession(user: "ada", token: Secret("t"), refreshToken: Secret("r"))
    try LoginFile(folder.loginFile).save(session)
    #expect(try Data(contentsOf: partial.appending(path: "work.txt")) == Data("keep".utf8))
    #expect(try LoginFile(folder.loginFile).load() == session)
    // Nothing else is left behind: the folder holds the login file and the user's folder.
    #expect(
      try manager.contentsOfDirectory(atPath: folder.url.path).sorted() == [
        ".login.json.partial", "login.json",
      ])
  }

  @Test("a real launch's report is shown as it is; an abort by the version check means update")
  func reportOfARealLaunch() async throws {
    let abort = DemoLaunchSteps([
      .forceUpdate: { _ in throw LaunchAbortError("version 9.0 or newer is required") }
    ])
    let report = await Launch(try DemoLaunch.plan(.push(message: "hi"), steps: abort)).run()
    #expect(report.updateRequired == "version 9.0 or newer is required")
    #expect(report.spans.count == 6)

    let fine = await Launch(try DemoLaunch.plan(.regular)).run()
    #expect(fine.outcome == .completed && fine.updateRequired == nil)
    #expect(fine.span(of: .login)?.needsUserInput == true)
    var app = DemoAppState(scenario: .regular, plan: try DemoLaunch.plan(.regular))
    _ = app.handle(.launchEnded(fine))
    let drawn = ScreenText(ansi: false).text(for: app)
    #expect(drawn.contains("Launch completed in "), "\(drawn)")
    // Under budget or over it, as the machine was busy or not: the report says which.
    #expect(drawn.contains("(budget 3 s"), "\(drawn)")
  }
}
