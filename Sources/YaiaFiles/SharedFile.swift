public import Foundation
public import Yaia

/// Keeps a `Shared` value in a JSON file: the persistence for settings a user chose (a
/// language, the last speaker), read at launch and rewritten whole after each change.
///
/// ```swift
/// let language = try await Shared.load(
///   from: SharedFile.json(at: folder.appending(path: "language.json")), default: "en")
/// ```
///
/// Writes go to a temporary file that replaces the old one, so a crash mid-write leaves the
/// previous value, never half a file. A file larger than `maxBytes` or that does not decode is
/// a ``SharedFileError`` at load, naming the file: it is not overwritten by the default.
public enum SharedFile {
  /// A persistence in the JSON file at `url`, of at most `maxBytes` (1 MiB by default).
  public static func json<Value: Codable & Sendable>(
    at url: URL, maxBytes: Int = 1 << 20
  ) -> SharedPersistence<Value> {
    SharedPersistence(
      location: url.path,
      load: { try read(Value.self, at: url, maxBytes: maxBytes) },
      save: { value in
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(value)
        guard data.count <= maxBytes else {
          throw SharedFileError.tooLarge(path: url.path, bytes: data.count, limit: maxBytes)
        }
        try data.write(to: url, options: .atomic)
      })
  }

  static func read<Value: Decodable>(_ type: Value.Type, at url: URL, maxBytes: Int) throws
    -> Value?
  {
    let handle: FileHandle
    do {
      handle = try FileHandle(forReadingFrom: url)
    } catch CocoaError.fileReadNoSuchFile, CocoaError.fileNoSuchFile {
      return nil
    }
    defer { try? handle.close() }
    // Never more than the limit and a byte: a huge file is refused without reading it whole.
    let data = try handle.read(upToCount: maxBytes + 1) ?? Data()
    guard data.count <= maxBytes else {
      throw SharedFileError.tooLarge(path: url.path, bytes: data.count, limit: maxBytes)
    }
    do {
      return try JSONDecoder().decode(Value.self, from: data)
    } catch {
      throw SharedFileError.unreadable(path: url.path, reason: "\(error)")
    }
  }
}

/// A shared value's JSON file could not be used: which file and why.
public enum SharedFileError: Error, Equatable, CustomStringConvertible {
  /// The file holds more than the limit (or the value would).
  case tooLarge(path: String, bytes: Int, limit: Int)
  /// The file's content does not decode as the value.
  case unreadable(path: String, reason: String)

  /// What is wrong, with the file's path.
  public var description: String {
    switch self {
    case .tooLarge(let path, let bytes, let limit):
      "\(VisibleText.escaped(path, atMost: 300)) holds at least \(bytes) bytes, more than the \(limit) allowed."
    case .unreadable(let path, let reason):
      "\(VisibleText.escaped(path, atMost: 300)) is not a saved value: \(VisibleText.escaped(reason, atMost: 300))."
    }
  }
}
