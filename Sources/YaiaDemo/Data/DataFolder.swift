package import Foundation

/// Where the sample app keeps its data: the SQLite database and the login file, in one
/// folder the user can choose (`--data-dir`) and wipe (`--reset`).
package struct DataFolder: Hashable, Sendable {
  /// The folder.
  let url: URL

  /// The folder at `url`.
  package init(_ url: URL) {
    self.url = url
  }

  /// The default: `Yaia Demo` in the user's application-support folder (on Linux,
  /// `$XDG_DATA_HOME` or `~/.local/share`).
  static func standard() -> DataFolder {
    let base =
      FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
      ?? FileManager.default.homeDirectoryForCurrentUser.appending(path: ".local/share")
    return DataFolder(base.appending(path: "Yaia Demo", directoryHint: .isDirectory))
  }

  /// The SQLite database file.
  var database: String { url.appending(path: "demo.sqlite").path }

  /// The file holding the login token.
  var loginFile: URL { url.appending(path: "login.json") }

  /// Creates the folder if needed, readable by the user only.
  func create() throws(DataFolderError) {
    do {
      try FileManager.default.createDirectory(
        at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw .cannotCreate(path: url.path, reason: "\(error.localizedDescription)")
    }
  }

  /// Deletes the app's files (database, its WAL files, the login), leaving anything else the
  /// user put in the folder.
  ///
  /// Only regular files the app recognises are deleted: a directory, a link or another kind of
  /// file that merely has one of the app's names, a `demo.sqlite` that is not a SQLite
  /// database, or a `login.json` that is not a saved login (by its content), is refused untouched with ``DataFolderError/cannotReset(path:reason:)``, checked
  /// before anything is deleted.
  func reset() throws(DataFolderError) {
    let names = ["demo.sqlite", "demo.sqlite-wal", "demo.sqlite-shm", "login.json"]
    var doomed: [URL] = []
    for name in names {
      let file = url.appending(path: name)
      // attributesOfItem does not follow links: a link is seen as a link.
      guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path) else {
        continue
      }
      let type = attributes[.type] as? FileAttributeType
      guard type == .typeRegular else {
        let kind =
          type == .typeDirectory ? "a folder" : type == .typeSymbolicLink ? "a link" : "not a file"
        throw .cannotReset(
          path: file.path, reason: "it is \(kind) the app did not make, so it is kept")
      }
      if name == "demo.sqlite", !Self.isSQLite(file) {
        throw .cannotReset(
          path: file.path, reason: "it is not a SQLite database the app made, so it is kept")
      }
      if name == "login.json", !LoginFile.holdsSavedLogin(file) {
        throw .cannotReset(
          path: file.path, reason: "it is not a saved login of this app, so it is kept")
      }
      doomed.append(file)
    }
    for file in doomed {
      do {
        try FileManager.default.removeItem(at: file)
      } catch {
        throw .cannotReset(path: file.path, reason: "\(error.localizedDescription)")
      }
    }
  }

  /// Whether `file` starts as every SQLite database does (an empty file counts: SQLite makes
  /// one before its first write).
  private static func isSQLite(_ file: URL) -> Bool {
    guard let handle = try? FileHandle(forReadingFrom: file) else { return false }
    defer { try? handle.close() }
    let header = (try? handle.read(upToCount: 16)) ?? Data()
    return header.isEmpty || header == Data("SQLite format 3\u{0}".utf8)
  }
}

/// Why the data folder could not be used.
package enum DataFolderError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The folder could not be created.
  case cannotCreate(path: String, reason: String)
  /// A file could not be deleted by `--reset`.
  case cannotReset(path: String, reason: String)

  /// What went wrong and what to do.
  package var description: String {
    switch self {
    case .cannotCreate(let path, let reason):
      return "Cannot create the data folder \(path): \(reason). Pick another with --data-dir."
    case .cannotReset(let path, let reason):
      return
        "Cannot delete \(path) for --reset: \(reason). Delete it by hand or fix its permissions."
    }
  }
}
