#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The one way Yaia's own parts read and replace a file whose path comes from outside (a
/// command-line option, a manifest, a state folder): the lint cache and baseline, recordings,
/// the inspector's state file, `SharedFile`, the demo's data, fixtures.
///
/// Why one way: each part that opened a path by hand was one check short of another. A path can
/// name a FIFO (opening it for reading waits forever for a writer), a device (`/dev/zero` reads
/// without end and reports a size of 0; `/dev/null` replaced by an atomic rename stops being
/// `/dev/null` for the whole machine), a socket, a link, or a file far larger than the reader
/// wants. So a read opens without blocking and without following a last link when asked,
/// checks the type and size *on the open descriptor* (no gap between a check and the open),
/// and reads at most its limit; a replace refuses a destination that exists and is not a
/// regular file, writes a new file beside it and renames it over the old one, so a reader sees
/// the old file or the new one, never half of one. Package-internal: the house rule of Yaia's
/// own parts, not API for apps.
package enum OutsideFile {
  /// Why a file could not be read or replaced: the path, and what was wrong.
  package enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path names something other than a regular file (`a FIFO`, `a character device`, …).
    case notRegularFile(path: String, kind: String)
    /// The file holds more bytes than the reader takes.
    case tooLarge(path: String, limit: Int)
    /// The system refused: the operation and its reason.
    case system(path: String, operation: String, reason: String)

    /// The path the failure is about.
    package var path: String {
      switch self {
      case .notRegularFile(let path, _), .tooLarge(let path, _), .system(let path, _, _): path
      }
    }

    /// `/dev/null is a character device, not a regular file`.
    package var description: String {
      switch self {
      case .notRegularFile(let path, let kind): "\(path) is \(kind), not a regular file"
      case .tooLarge(let path, let limit): "\(path) is larger than \(limit) bytes"
      case .system(let path, let operation, let reason): "cannot \(operation) \(path): \(reason)"
      }
    }
  }

  /// The contents of the regular file at `path`, at most `limit` bytes, or `nil` when nothing
  /// is there.
  ///
  /// The file is opened without blocking (a FIFO cannot hold the reader), and with
  /// `followingLinks: false` a link at `path` itself is refused. Its type and size are read
  /// from the open descriptor, then at most `limit + 1` bytes are read, so a file that grows
  /// after the check is still refused rather than read past the limit.
  ///
  /// - Throws: ``Failure`` naming the path: not a regular file, too large, or the system's
  ///   reason.
  package static func read(
    _ path: String, atMost limit: Int, followingLinks: Bool = true
  ) throws(Failure) -> [UInt8]? {
    let descriptor = open(
      path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW))
    if descriptor < 0 {
      let error = errno
      if error == ENOENT || error == ENOTDIR { return nil }
      if error == ELOOP { throw .notRegularFile(path: path, kind: "a link") }
      throw .system(path: path, operation: "open", reason: reason(error))
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      throw .system(path: path, operation: "read", reason: reason(errno))
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw .notRegularFile(path: path, kind: kind(of: info.st_mode))
    }
    guard info.st_size <= limit else { throw .tooLarge(path: path, limit: limit) }
    // One byte past the limit tells a file that grew from one that fits; never past Int.max.
    let most = limit < Int.max ? limit + 1 : limit
    var bytes: [UInt8] = []
    bytes.reserveCapacity(Int(info.st_size))
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    while bytes.count < most {
      let count = chunk.withUnsafeMutableBytes { buffer in
        systemRead(descriptor, buffer.baseAddress, min(buffer.count, most - bytes.count))
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw .system(path: path, operation: "read", reason: reason(errno))
      }
      if count == 0 { break }
      bytes.append(contentsOf: chunk[0..<count])
    }
    guard bytes.count <= limit else { throw .tooLarge(path: path, limit: limit) }
    return bytes
  }

  /// What is at `path` when it is not a regular file: `a FIFO`, `a link`, …; `nil` for a
  /// regular file or nothing at all. A link there is itself the answer unless
  /// `followingLinks`, when what it leads to is.
  package static func kindIfNotRegular(_ path: String, followingLinks: Bool = false) -> String? {
    var info = stat()
    guard (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0 else { return nil }
    return info.st_mode & S_IFMT == S_IFREG ? nil : kind(of: info.st_mode)
  }

  /// Replaces the file at `path` with `bytes` at once: written to a new file beside it (mode
  /// `mode`), then renamed over it. The folder must exist.
  ///
  /// Refused when something other than a regular file is at `path` (a device, a FIFO, a
  /// socket, a folder or a link): a rename would replace that thing itself, and `--cache
  /// /dev/null` run as root would leave the machine without its `/dev/null`.
  ///
  /// - Throws: ``Failure`` naming the path.
  package static func replace(
    _ path: String, with bytes: some Collection<UInt8>, mode: Int = 0o644
  ) throws(Failure) {
    if let kind = kindIfNotRegular(path) { throw .notRegularFile(path: path, kind: kind) }
    let folderEnd = path.lastIndex(of: "/")
    let folder = folderEnd.map { String(path[..<$0]) } ?? "."
    let name = folderEnd.map { String(path[path.index(after: $0)...]) } ?? path
    let temporary =
      (folder.isEmpty ? "" : folder + "/")
      + ".\(name.prefix(64)).\(getpid()).\(UInt32.random(in: .min ... .max)).partial"
    let descriptor = open(
      temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode_t(mode))
    guard descriptor >= 0 else {
      throw .system(path: path, operation: "write", reason: reason(errno))
    }
    let contents = Array(bytes)
    var written = 0
    while written < contents.count {
      let count = contents.withUnsafeBytes { buffer in
        buffer.baseAddress.map { write(descriptor, $0 + written, buffer.count - written) } ?? -1
      }
      if count < 0 {
        if errno == EINTR { continue }
        let error = errno
        close(descriptor)
        unlink(temporary)
        throw .system(path: path, operation: "write", reason: reason(error))
      }
      written += count
    }
    guard close(descriptor) == 0 else {
      let error = errno
      unlink(temporary)
      throw .system(path: path, operation: "write", reason: reason(error))
    }
    // Checked again just before the rename: what appeared at the path meanwhile is not replaced.
    if let kind = kindIfNotRegular(path) {
      unlink(temporary)
      throw .notRegularFile(path: path, kind: kind)
    }
    guard rename(temporary, path) == 0 else {
      let error = errno
      unlink(temporary)
      throw .system(path: path, operation: "replace", reason: reason(error))
    }
  }

  /// The words for a file type.
  static func kind(of mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFIFO: "a FIFO"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFSOCK: "a socket"
    case S_IFDIR: "a folder"
    case S_IFLNK: "a link"
    default: "not a regular file"
    }
  }

  /// The system's words for `error`.
  static func reason(_ error: Int32) -> String {
    String(cString: strerror(error))
  }
}

/// `read(2)`, named apart from ``OutsideFile/read(_:atMost:followingLinks:)``.
@inline(__always)
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int)
  -> Int
{
  read(descriptor, buffer, count)
}
