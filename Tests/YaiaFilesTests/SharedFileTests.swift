import Foundation
import Testing
import Yaia
import YaiaFiles

/// The settings a user chose, kept across launches.
struct ChosenSettings: Codable, Equatable, Sendable {
  var language = "en"
  var lastSpeaker: String?
}

@MainActor
@Suite("A shared value in a JSON file")
struct SharedFileTests {
  @Test("a value set in one launch is the value at the next; nothing saved means the default")
  func survivesRestart() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appending(path: "settings.json")
    let first = try await Shared.load(from: SharedFile.json(at: file), default: ChosenSettings())
    #expect(first.value == ChosenSettings())
    first.update { $0.language = "de" }
    first.update { $0.lastSpeaker = "Kitchen" }
    await first.saved()
    let next = try await Shared.load(from: SharedFile.json(at: file), default: ChosenSettings())
    #expect(next.value == ChosenSettings(language: "de", lastSpeaker: "Kitchen"))
  }

  @Test("a damaged or oversized file is a typed error naming it, and is left as it was")
  func damagedFile() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appending(path: "settings.json")
    try Data("{\"language\": 7}".utf8).write(to: file)
    do {
      _ = try await Shared.load(from: SharedFile.json(at: file), default: ChosenSettings())
      Issue.record("a damaged file loaded")
    } catch {
      #expect(error.description.contains("settings.json is not a saved value"), "\(error)")
    }
    #expect(try Data(contentsOf: file) == Data("{\"language\": 7}".utf8))
    try Data(repeating: 0x20, count: 2_000).write(to: file)
    do {
      _ = try await Shared.load(
        from: SharedFile.json(at: file, maxBytes: 1_000), default: ChosenSettings())
      Issue.record("an oversized file loaded")
    } catch {
      #expect(
        error.underlying as? SharedFileError
          == .tooLarge(path: file.path, bytes: 1_001, limit: 1_000))
    }
  }

  @Test("a FIFO or a device at the path is refused at once, never waited on, read or replaced")
  func notARegularFile() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appending(path: "settings.json")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    for url in [fifo, URL(fileURLWithPath: "/dev/zero")] {
      do {
        _ = try await Shared.load(from: SharedFile.json(at: url), default: ChosenSettings())
        Issue.record("\(url.path) loaded")
      } catch {
        #expect(error.description.contains("not a regular file"), "\(error)")
      }
    }
    let persistence: SharedPersistence<ChosenSettings> = SharedFile.json(at: fifo)
    await #expect(throws: SharedFileError.self) { try await persistence.save(ChosenSettings()) }
    var info = stat()
    #expect(
      lstat(fifo.path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "the FIFO is still there")
  }
}

/// A fresh temporary folder, removed by the caller.
private func temporaryFolder() throws -> URL {
  let url = FileManager.default.temporaryDirectory.appending(
    path: "yaia-files-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}
