import Foundation
import Testing
import YaiaInspector

@Suite("The inspector's saved address: kept between runs, trusted only when it is the user's own")
struct InspectorStateFileTests {
  /// A state file in a fresh folder of its own, removed by the caller.
  static func scratch() throws -> (InspectorStateFile, URL) {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("yaia-state-\(UUID().uuidString)", isDirectory: true)
    return (InspectorStateFile(url: folder.appendingPathComponent("yaia/inspector.json")), folder)
  }

  static func mode(of url: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
  }

  @Test("written with mode 0600 in a 0700 folder, read back as the same port and token")
  func roundTrip() throws {
    let (file, folder) = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try file.read() == nil, "no file yet: nothing saved")
    try file.write(.init(port: 4321, token: "0123abcd"))
    #expect(try Self.mode(of: file.url) == 0o600)
    #expect(try Self.mode(of: file.url.deletingLastPathComponent()) == 0o700)
    let saved = try #require(try file.read())
    #expect(saved == .init(port: 4321, token: "0123abcd"))
    #expect(try saved.address.page.absoluteString == "http://127.0.0.1:4321/#token=0123abcd")
    try file.write(.init(port: 4322, token: "ffff"))  // replaced at once
    #expect(try file.read() == .init(port: 4322, token: "ffff"))
  }

  @Test("a file others may read, a link, or anything but a port and token is refused, saying why")
  func untrusted() throws {
    let (file, folder) = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    try file.write(.init(port: 4321, token: "abc"))
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.url.path)
    #expect(throws: InspectorStateFileError.tooOpen(file.url.path, mode: 0o644)) {
      try file.read()
    }
    #expect(
      InspectorStateFileError.tooOpen("/x", mode: 0o644).description.contains("chmod 600"))

    func refused(_ contents: String) throws -> InspectorStateFileError? {
      try FileManager.default.removeItem(at: file.url)
      #expect(
        FileManager.default.createFile(
          atPath: file.url.path, contents: Data(contents.utf8),
          attributes: [.posixPermissions: 0o600]))
      do {
        _ = try file.read()
        return nil
      } catch {
        return error
      }
    }
    for contents in [
      "", "{", #"{"port":0,"token":"abc"}"#, #"{"port":70000,"token":"abc"}"#,
      #"{"port":80,"token":"a b"}"#, #"{"port":80,"token":""}"#,
      #"{"port":80,"token":"\#(String(repeating: "a", count: 5_000))"}"#,
    ] {
      let error = try refused(contents)
      guard case .malformed(let path, _) = error else {
        Issue.record(
          "accepted or misread: \(contents.prefix(40)) gave \(String(describing: error))")
        continue
      }
      #expect(path == file.url.path)
    }

    let target = folder.appendingPathComponent("elsewhere.json")
    try FileManager.default.moveItem(at: file.url, to: target)
    try FileManager.default.createSymbolicLink(at: file.url, withDestinationURL: target)
    #expect {
      try file.read()
    } throws: { error in
      guard case .unreadable = error as? InspectorStateFileError else { return false }
      return true
    }
  }

  @Test("a FIFO at the path is refused at once, and a folder others may write in is not trusted")
  func fifoAndFolder() throws {
    let (file, folder) = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    try file.write(.init(port: 4321, token: "abc"))
    try FileManager.default.removeItem(at: file.url)
    #expect(mkfifo(file.url.path, 0o600) == 0)
    // Before: the open waited for a writer forever.
    #expect(throws: InspectorStateFileError.unreadable(file.url.path, reason: "not a regular file"))
    {
      try file.read()
    }
    try FileManager.default.removeItem(at: file.url)
    try file.write(.init(port: 4321, token: "abc"))
    let stateFolder = file.url.deletingLastPathComponent()
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o777], ofItemAtPath: stateFolder.path)
    #expect(throws: InspectorStateFileError.folderTooOpen(stateFolder.path, mode: 0o777)) {
      try file.read()
    }
    #expect(throws: InspectorStateFileError.folderTooOpen(stateFolder.path, mode: 0o777)) {
      try file.write(.init(port: 4322, token: "abc"))
    }
    #expect(
      InspectorStateFileError.folderTooOpen("/x", mode: 0o777).description.contains("chmod 700"))
    // Writable by its group (umask 002): used when the group is the user's own private group.
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o775], ofItemAtPath: stateFolder.path)
    var info = stat()
    #expect(lstat(stateFolder.path, &info) == 0)
    if InspectorStateFile.isPrivateGroup(info.st_gid) {
      #expect(try file.read()?.port == 4321)
    } else {
      #expect(throws: InspectorStateFileError.folderTooOpen(stateFolder.path, mode: 0o775)) {
        try file.read()
      }
    }
  }

  @Test("saving never replaces a FIFO, a device or a link at the path with a regular file")
  func saveKeepsWhatIsThere() throws {
    let (file, folder) = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    try file.write(.init(port: 4321, token: "abc"))  // makes the folder
    try FileManager.default.removeItem(at: file.url)
    #expect(mkfifo(file.url.path, 0o600) == 0)
    #expect(throws: InspectorStateFileError.self) { try file.write(.init(port: 1, token: "x")) }
    var info = stat()
    #expect(lstat(file.url.path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    try FileManager.default.removeItem(at: file.url)
    let target = folder.appending(path: "target.json")
    try Data("kept".utf8).write(to: target)
    #expect(symlink(target.path, file.url.path) == 0)
    #expect(throws: InspectorStateFileError.self) { try file.write(.init(port: 1, token: "x")) }
    #expect(lstat(file.url.path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
    #expect(try String(contentsOf: target, encoding: .utf8) == "kept")
  }

  @Test("a private group: named as the user, with no other member")
  func privateGroup() {
    #expect(InspectorStateFile.isPrivateGroup(name: "ada", members: [], user: "ada"))
    #expect(InspectorStateFile.isPrivateGroup(name: "ada", members: ["ada"], user: "ada"))
    #expect(!InspectorStateFile.isPrivateGroup(name: "ada", members: ["bob"], user: "ada"))
    #expect(!InspectorStateFile.isPrivateGroup(name: "staff", members: [], user: "ada"))
    #expect(!InspectorStateFile.isPrivateGroup(name: "users", members: ["ada"], user: "ada"))
  }

  @Test("an app finds the inspector in YAIA_INSPECTOR first, then in the saved file, else nowhere")
  func findingTheInspector() throws {
    let (file, folder) = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try InspectorAddress.find(environment: [:], stateFile: file) == nil)
    try file.write(.init(port: 5000, token: "feed"))
    #expect(
      try InspectorAddress.find(environment: [:], stateFile: file)
        == InspectorAddress("http://127.0.0.1:5000/?token=feed"))
    #expect(
      try InspectorAddress.find(
        environment: ["YAIA_INSPECTOR": "http://127.0.0.1:6000/?token=beef"], stateFile: file)
        == InspectorAddress("http://127.0.0.1:6000/?token=beef"))
    #expect(throws: InspectorError.self) {
      try InspectorAddress.find(environment: ["YAIA_INSPECTOR": "not a url"], stateFile: file)
    }
    let standard = InspectorStateFile.standard(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"])
    #expect(standard.url.path == "/s/yaia/inspector.json")
    let home = InspectorStateFile.standard(environment: [
      "XDG_STATE_HOME": "relative", "HOME": "/h",
    ])
    #expect(
      home.url.path == "/h/.local/state/yaia/inspector.json", "a relative state home is ignored")
  }
}
