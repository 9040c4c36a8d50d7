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
        do {
          try OutsideFile.replace(url.path, with: data)
        } catch {
          throw SharedFileError.unwritable(path: url.path, reason: "\(error)")
        }
      })
  }

  static func read<Value: Decodable>(_ type: Value.Type, at url: URL, maxBytes: Int) throws
    -> Value?
  {
    // Opened without blocking, type and size checked on the descriptor: a FIFO or a device at
    // the path is refused at once, and a huge file without reading it whole.
    let data: Data
    do {
      guard let bytes = try OutsideFile.read(url.path, atMost: maxBytes) else { return nil }
      data = Data(bytes)
    } catch .tooLarge {
      throw SharedFileError.tooLarge(path: url.path, bytes: maxBytes + 1, limit: maxBytes)
    } catch {
      throw SharedFileError.unreadable(path: url.path, reason: error.description)
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
  /// The file's content does not decode as the value, or the path is not a regular file.
  case unreadable(path: String, reason: String)
  /// The value could not be saved: the path is not a regular file, or the system refused.
  case unwritable(path: String, reason: String)

  /// What is wrong, with the file's path.
  public var description: String {
    switch self {
    case .tooLarge(let path, let bytes, let limit):
      "\(VisibleText.escaped(path, atMost: 300)) holds at least \(bytes) bytes, more than the \(limit) allowed."
    case .unreadable(let path, let reason):
      "\(VisibleText.escaped(path, atMost: 300)) is not a saved value: \(VisibleText.escaped(reason, atMost: 300))."
    case .unwritable(let path, let reason):
      "\(VisibleText.escaped(path, atMost: 300)) was not saved: \(VisibleText.escaped(reason, atMost: 300))."
    }
  }
}
