import Foundation
import Yaia
import YaiaInspector

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The inspector's log kept on disk, so that what the page showed survives a restart of
/// `yaia inspect`: every batch the inspector took, one per line, in the user's state folder.
///
/// Bounded: past ``limit`` bytes the file becomes the previous one (`.1`, replacing the one
/// before it) and a new one starts, so at most twice the limit is kept and read back. Private:
/// made with mode 0600 in a folder no other user may write in, never through a link, and a file
/// another user owns or may read is refused. Reading back, a line that is not a batch is
/// skipped and counted, never fatal.
final class InspectorHistory: Sendable {
  /// The file.
  let url: URL
  /// The most bytes one file holds before it is rotated.
  let limit: Int
  private let file = Locked<Int32?>(nil)
  private let written = Locked(0)
  /// The lock file's descriptor while this inspector holds the history (see ``claim()``).
  private let claimed = Locked<Int32?>(nil)

  /// The history at `url`, rotated past `limit` bytes (64 MiB by default).
  init(url: URL, limit: Int = 64 << 20) {
    self.url = url
    self.limit = max(4_096, limit)
  }

  deinit { close() }

  /// The lock file beside the history: held by one inspector at a time.
  var lockFile: URL { URL(fileURLWithPath: url.path + ".lock") }

  /// Claims the history for this inspector alone, until ``close()``: two inspectors writing one
  /// file would interleave their batches, and each would show the other's apps after a
  /// restart. Throws, saying so, when another inspector holds it. The claim is an advisory
  /// lock on a file beside the history, let go by the system if the inspector dies.
  func claim() throws(Problem) {
    try makeFolder()
    let path = lockFile.path
    let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw Problem(description: "cannot open \(path): \(Self.reason())")
    }
    do {
      _ = try Self.check(descriptor, path: path)
    } catch {
      systemClose(descriptor)
      throw error
    }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      let held = errno == EWOULDBLOCK
      let reason = Self.reason()
      systemClose(descriptor)
      throw Problem(
        description: held
          ? "another yaia inspect keeps the history in \(url.path): stop it, or start this one with --no-history"
          : "cannot lock \(path): \(reason)")
    }
    claimed.withLock { old in
      if let old { systemClose(old) }
      old = descriptor
    }
  }

  /// The previous file, kept after a rotation.
  var previous: URL { URL(fileURLWithPath: url.path + ".1") }

  /// Why the history could not be read or kept.
  struct Problem: Error, Equatable, CustomStringConvertible {
    var description: String
  }

  /// The batches kept, oldest first (the previous file, then the current one), and how many
  /// lines were skipped because they are not batches.
  func load() throws(Problem) -> (batches: [InspectorBatch], skipped: Int) {
    var batches: [InspectorBatch] = []
    var skipped = 0
    for file in [previous, url] {
      guard let bytes = try read(file) else { continue }
      for line in bytes.split(separator: 0x0A) where !line.isEmpty {
        if let batch = try? InspectorBatch(wire: Array(line)) {
          batches.append(batch)
        } else {
          skipped += 1
        }
      }
    }
    return (batches, skipped)
  }

  /// Appends one batch, as the app sent it; its line breaks (whitespace between JSON tokens:
  /// a string holds none) become spaces, so it stays one line. Returns why it could not be
  /// kept, if it could not.
  ///
  /// When the file is rotated, the new one starts with `checkpoint`'s batches (the apps'
  /// shells as they are then, ``InspectorBatch/isCheckpoint``), so that an app whose first
  /// batches are later rotated out still shows after a restart, from there.
  @discardableResult
  func append(
    _ body: some Collection<UInt8>, checkpoint: () -> [[UInt8]] = { [] }
  ) -> Problem? {
    var line = Self.line(body)
    return file.withLock { descriptor -> Problem? in
      do throws(Problem) {
        /// Closes the file, makes it the previous one, and opens a new one, which starts with
        /// the checkpoint.
        func rotate(_ open: Int32) throws(Problem) {
          systemClose(open)
          descriptor = nil
          guard rename(url.path, previous.path) == 0 else {
            throw Problem(description: "cannot rotate \(url.path): \(Self.reason())")
          }
          let (fresh, _) = try openForAppending()
          descriptor = fresh
          written.withLock { $0 = 0 }
          // At most half the file: a checkpoint larger than that is not kept (the apps' older
          // steps are then not shown after a restart, as before checkpoints).
          var start = checkpoint().flatMap(Self.line)
          if start.count > limit / 2 { start = [] }
          line = start + line
        }
        if let open = descriptor, written.value + line.count > limit {
          try rotate(open)
        } else if descriptor == nil {
          let (opened, size) = try openForAppending()
          descriptor = opened
          written.withLock { $0 = size }
          // A file already past the limit (another limit before): rotated now.
          if size > 0, size + line.count > limit { try rotate(opened) }
        }
        guard let open = descriptor else { return nil }
        let done = line.withUnsafeBytes { write(open, $0.baseAddress, $0.count) }
        guard done == line.count else {
          throw Problem(description: "cannot write \(url.path): \(Self.reason())")
        }
        written.withLock { $0 += line.count }
        return nil
      } catch {
        return error
      }
    }
  }

  /// `body` as one line of the file: its line breaks become spaces, and a newline ends it.
  private static func line(_ body: some Collection<UInt8>) -> [UInt8] {
    var line = body.map { $0 == 0x0A || $0 == 0x0D ? 0x20 : $0 }
    line.append(0x0A)
    return line
  }

  /// Closes the file and lets the history go (another inspector may claim it).
  func close() {
    closeFile()
    claimed.withLock { descriptor in
      if let open = descriptor { systemClose(open) }
      descriptor = nil
    }
  }

  /// Forgets everything kept: both files go; the claim is kept. Throws, naming the file, when
  /// one cannot be deleted.
  func forget() throws(Problem) {
    closeFile()
    for path in [url.path, previous.path] where unlink(path) != 0 && errno != ENOENT {
      throw Problem(description: "cannot forget \(path): \(Self.reason()); it is kept")
    }
  }

  private func closeFile() {
    file.withLock { descriptor in
      if let open = descriptor { systemClose(open) }
      descriptor = nil
    }
  }

  private func openForAppending() throws(Problem) -> (Int32, Int) {
    try makeFolder()
    let descriptor = open(
      url.path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw Problem(description: "cannot open \(url.path): \(Self.reason())")
    }
    do {
      var size = try Self.check(descriptor, path: url.path)
      // A last line cut short (a crash mid-write) is ended here, so the next batch starts a
      // line of its own rather than spoiling both.
      var last: UInt8 = 0x0A
      if size > 0, pread(descriptor, &last, 1, off_t(size - 1)) == 1, last != 0x0A {
        var newline: UInt8 = 0x0A
        if write(descriptor, &newline, 1) == 1 { size += 1 }
      }
      return (descriptor, size)
    } catch {
      systemClose(descriptor)
      throw error
    }
  }

  /// Makes the history's folder (0700) if it is missing, and checks that it is a folder no
  /// other user may write in.
  private func makeFolder() throws(Problem) {
    let folder = url.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(
        at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw Problem(description: "cannot make \(folder.path): \(error.localizedDescription)")
    }
    do {
      guard try InspectorStateFile.checkFolder(folder.path) else {
        throw Problem(description: "\(folder.path) is not a folder")
      }
    } catch let error as Problem {
      throw error
    } catch {
      throw Problem(description: "\(error)")
    }
  }

  /// The bytes of `file`, checked; `nil` when there is none.
  private func read(_ file: URL) throws(Problem) -> [UInt8]? {
    let descriptor = open(file.path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    if descriptor < 0 {
      if errno == ENOENT { return nil }
      throw Problem(description: "cannot read \(file.path): \(Self.reason())")
    }
    defer { systemClose(descriptor) }
    let size = try Self.check(descriptor, path: file.path)
    // A file grown past the limit elsewhere is read up to the limit and a batch beyond it.
    let most = limit + (16 << 20)
    var bytes = [UInt8](repeating: 0, count: min(size, most))
    var done = 0
    while done < bytes.count {
      let got = bytes.withUnsafeMutableBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return systemRead(descriptor, base + done, buffer.count - done)
      }
      guard got > 0 else { break }
      done += got
    }
    return Array(bytes[..<done])
  }

  /// Checks an open file: a regular file this user owns that no one else may read or write;
  /// its size.
  private static func check(_ descriptor: Int32, path: String) throws(Problem) -> Int {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      throw Problem(description: "cannot read \(path): \(reason())")
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw Problem(description: "\(path) is not a regular file")
    }
    guard info.st_uid == getuid() else {
      throw Problem(description: "\(path) belongs to another user: delete it")
    }
    let mode = Int(info.st_mode & 0o777)
    guard mode & 0o077 == 0 else {
      throw Problem(
        description:
          "\(path) may be read by other users (mode \(String(mode, radix: 8))): run chmod 600 on it"
      )
    }
    return Int(info.st_size)
  }

  private static func reason() -> String { String(cString: strerror(errno)) }
}

/// The C library's `close`, named apart from ``InspectorHistory/close()``.
private func systemClose(_ descriptor: Int32) {
  #if canImport(Glibc)
    _ = Glibc.close(descriptor)
  #else
    _ = Darwin.close(descriptor)
  #endif
}

/// The C library's `read`.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int
{
  #if canImport(Glibc)
    Glibc.read(descriptor, buffer, count)
  #else
    Darwin.read(descriptor, buffer, count)
  #endif
}
