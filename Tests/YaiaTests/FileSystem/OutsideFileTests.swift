import Foundation
import Testing

@testable import Yaia

/// The one way Yaia's parts read and replace files from outside: type and size checked on the
/// open descriptor, nothing but a regular file replaced.
@Suite("Files from outside")
struct OutsideFileTests {
  /// A fresh folder, removed by `body`'s end.
  func inFolder(_ body: (String) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory.appending(
      path: "outside-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try body(folder.path)
  }

  @Test(
    "a regular file is read within its limit; a larger one, a device, a FIFO, a folder are refused")
  func reads() throws {
    try inFolder { folder in
      let file = folder + "/a.txt"
      try OutsideFile.replace(file, with: Array("hello".utf8), mode: 0o600)
      #expect(try OutsideFile.read(file, atMost: 5) == Array("hello".utf8))
      #expect(try OutsideFile.read(file, atMost: .max) == Array("hello".utf8))
      #expect(throws: OutsideFile.Failure.tooLarge(path: file, limit: 4)) {
        try OutsideFile.read(file, atMost: 4)
      }
      #expect(try OutsideFile.read(folder + "/missing", atMost: 5) == nil)
      #expect(
        throws: OutsideFile.Failure.notRegularFile(path: "/dev/zero", kind: "a character device")
      ) {
        try OutsideFile.read("/dev/zero", atMost: 5)
      }
      #expect(throws: OutsideFile.Failure.notRegularFile(path: folder, kind: "a folder")) {
        try OutsideFile.read(folder, atMost: 5)
      }
      let fifo = folder + "/fifo"
      #expect(mkfifo(fifo, 0o600) == 0)
      #expect(throws: OutsideFile.Failure.notRegularFile(path: fifo, kind: "a FIFO")) {
        try OutsideFile.read(fifo, atMost: 5)
      }
      let link = folder + "/link"
      #expect(symlink(file, link) == 0)
      #expect(try OutsideFile.read(link, atMost: 5) == Array("hello".utf8))
      #expect(throws: OutsideFile.Failure.notRegularFile(path: link, kind: "a link")) {
        try OutsideFile.read(link, atMost: 5, followingLinks: false)
      }
    }
  }

  @Test("a replace writes a whole new file; it never replaces a device, a FIFO, a link or a folder")
  func replaces() throws {
    try inFolder { folder in
      let file = folder + "/a.txt"
      try OutsideFile.replace(file, with: Array("one".utf8))
      try OutsideFile.replace(file, with: Array("two".utf8), mode: 0o600)
      #expect(try OutsideFile.read(file, atMost: 10) == Array("two".utf8))
      let link = folder + "/link"
      #expect(symlink(file, link) == 0)
      #expect(throws: OutsideFile.Failure.notRegularFile(path: link, kind: "a link")) {
        try OutsideFile.replace(link, with: Array("x".utf8))
      }
      #expect(throws: OutsideFile.Failure.notRegularFile(path: folder, kind: "a folder")) {
        try OutsideFile.replace(folder, with: Array("x".utf8))
      }
      #expect(
        throws: OutsideFile.Failure.notRegularFile(path: "/dev/null", kind: "a character device")
      ) {
        try OutsideFile.replace("/dev/null", with: Array("x".utf8))
      }
      #expect(throws: (any Error).self) {
        try OutsideFile.replace(folder + "/no/such/folder/file", with: Array("x".utf8))
      }
      // Nothing is left beside the file.
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["a.txt", "link"])
    }
  }
}
