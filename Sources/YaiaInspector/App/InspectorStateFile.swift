public import Foundation
import YaiaSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where `yaia inspect` keeps its port and token between runs: a restarted inspector comes
/// back at the same address, and an app on the same machine finds it without the token on its
/// command line, where other local users could read it from the process list.
///
/// The file is `$XDG_STATE_HOME/yaia/inspector.json` (else `~/.local/state/yaia/…`), written
/// atomically with mode 0600 in a folder of mode 0700. It is read only when its owner is the
/// current user and no one else may read or write it, as `ssh` treats its keys: a token others
/// can read is not a secret.
///
/// ```swift
/// let file = InspectorStateFile.standard()
/// if let saved = try file.read() { print(saved.address) }
/// ```
public struct InspectorStateFile: Sendable, Equatable {
  /// The file's location.
  public let url: URL

  /// The inspector's address as saved: its port and token.
  public struct Saved: Codable, Sendable, Equatable {
    /// The port `yaia inspect` listened on.
    public var port: Int
    /// The token apps and pages prove they hold (never sent itself).
    public var token: String

    /// A saved port and token.
    public init(port: Int, token: String) {
      self.port = port
      self.token = token
    }

    /// The address an app connects to: the inspector on this machine, with the token.
    public var address: InspectorAddress {
      get throws(InspectorError) {
        try InspectorAddress("http://127.0.0.1:\(port)/#token=\(token)")
      }
    }
  }

  /// The largest file read: a saved address is a few dozen bytes.
  public static let largestFile = 4_096

  /// The file at `url`.
  public init(url: URL) {
    self.url = url
  }

  /// The file in the user's state folder: `$XDG_STATE_HOME/yaia/inspector.json`, else
  /// `$HOME/.local/state/yaia/inspector.json`.
  public static func standard(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> InspectorStateFile {
    let state: URL
    if let folder = environment["XDG_STATE_HOME"], folder.hasPrefix("/") {
      state = URL(fileURLWithPath: folder, isDirectory: true)
    } else {
      let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
      state = URL(fileURLWithPath: home, isDirectory: true)
        .appendingPathComponent(".local/state", isDirectory: true)
    }
    return InspectorStateFile(
      url: state.appendingPathComponent("yaia/inspector.json", isDirectory: false))
  }

  /// The saved address, or `nil` when there is no file.
  ///
  /// - Throws: ``InspectorStateFileError`` when the file cannot be trusted (another owner, or
  ///   readable or writable by others), is too large, or does not hold a port and token.
  public func read() throws(InspectorStateFileError) -> Saved? {
    let path = url.path
    guard try Self.checkFolder(url.deletingLastPathComponent().path) else { return nil }
    // Without blocking: a FIFO planted at the path would otherwise hold `yaia inspect` and
    // `yaia demo --inspect` forever, before its type could be checked.
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    if descriptor < 0 {
      if errno == ENOENT { return nil }
      throw .unreadable(path, reason: String(cString: strerror(errno)))
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      throw .unreadable(path, reason: String(cString: strerror(errno)))
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw .unreadable(path, reason: "not a regular file")
    }
    guard info.st_uid == getuid() else {
      throw .notYours(path)
    }
    let mode = Int(info.st_mode & 0o777)
    guard mode & 0o077 == 0 else {
      throw .tooOpen(path, mode: mode)
    }
    guard info.st_size <= Self.largestFile else {
      throw .malformed(path, reason: "larger than \(Self.largestFile) bytes")
    }
    let data: Data
    do {
      data =
        try FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
        .read(upToCount: Self.largestFile + 1) ?? Data()
    } catch {
      throw .unreadable(path, reason: error.localizedDescription)
    }
    return try Self.saved(from: data, path: path)
  }

  /// Whether the folder at `path` exists, checked: a folder (not a link), owned by this user,
  /// that no other user may write in (else another user could replace the file in it).
  ///
  /// A folder its group may write in passes when that group is the user's own private group
  /// (named as the user, with no other members), as `mkdir` makes folders under the common
  /// umask 002 of systems that give each user such a group: no other user is in it.
  package static func checkFolder(_ path: String) throws(InspectorStateFileError) -> Bool {
    var info = stat()
    guard lstat(path, &info) == 0 else {
      if errno == ENOENT { return false }
      throw .unreadable(path, reason: String(cString: strerror(errno)))
    }
    guard info.st_mode & S_IFMT == S_IFDIR else {
      throw .unreadable(path, reason: "not a folder")
    }
    guard info.st_uid == getuid() else { throw .notYours(path) }
    let mode = Int(info.st_mode & 0o777)
    guard mode & 0o002 == 0, mode & 0o020 == 0 || isPrivateGroup(info.st_gid) else {
      throw .folderTooOpen(path, mode: mode)
    }
    return true
  }

  /// Whether group `gid` is this user's private group: named as the user, holding no other
  /// member, and the user's primary group.
  package static func isPrivateGroup(_ gid: gid_t) -> Bool {
    guard gid == getgid(), let user = userName(getuid()), let group = groupEntry(gid) else {
      return false
    }
    return isPrivateGroup(name: group.name, members: group.members, user: user)
  }

  /// The rule of ``isPrivateGroup(_:)`` on plain values: a group named `user` whose members
  /// are at most `user` itself.
  package static func isPrivateGroup(name: String, members: [String], user: String) -> Bool {
    name == user && members.allSatisfy { $0 == user }
  }

  private static func userName(_ uid: uid_t) -> String? {
    var entry = passwd()
    var result: UnsafeMutablePointer<passwd>?
    var buffer = [CChar](repeating: 0, count: 16 << 10)
    guard getpwuid_r(uid, &entry, &buffer, buffer.count, &result) == 0, result != nil,
      let name = entry.pw_name
    else { return nil }
    return String(cString: name)
  }

  private static func groupEntry(_ gid: gid_t) -> (name: String, members: [String])? {
    var entry = group()
    var result: UnsafeMutablePointer<group>?
    // A group of many members needs more room; a group too large for 1 MiB is not private.
    var buffer = [CChar](repeating: 0, count: 1 << 20)
    guard getgrgid_r(gid, &entry, &buffer, buffer.count, &result) == 0, result != nil,
      let name = entry.gr_name
    else { return nil }
    var members: [String] = []
    if var member = entry.gr_mem {
      while let next = member.pointee {
        members.append(String(cString: next))
        member += 1
      }
    }
    return (String(cString: name), members)
  }

  /// The port and token in a file's contents, checked: at most ``largestFile`` bytes, a port
  /// between 1 and 65535, a token of letters and digits. `path` only names the file in errors.
  public static func saved(from data: Data, path: String) throws(InspectorStateFileError) -> Saved {
    guard data.count <= largestFile else {
      throw .malformed(path, reason: "larger than \(largestFile) bytes")
    }
    let saved: Saved
    do {
      saved = try JSONDecoder().decode(Saved.self, from: data)
    } catch {
      throw .malformed(path, reason: "not a saved port and token")
    }
    guard (1...65_535).contains(saved.port) else {
      throw .malformed(path, reason: "port \(saved.port) is not between 1 and 65535")
    }
    do {
      _ = try saved.address
    } catch {
      throw .malformed(path, reason: error.description)
    }
    return saved
  }

  /// Saves `saved`, replacing the file at once (a reader sees the old file or the new one,
  /// never half of one), with mode 0600 in a folder made with mode 0700.
  ///
  /// - Throws: ``InspectorStateFileError/unwritable(_:reason:)`` with the system's reason.
  public func write(_ saved: Saved) throws(InspectorStateFileError) {
    let folder = url.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(
        at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw .unwritable(
        url.path, reason: "cannot make \(folder.path): \(error.localizedDescription)")
    }
    guard try Self.checkFolder(folder.path) else {
      throw .unwritable(url.path, reason: "\(folder.path) is not a folder")
    }
    let data: Data
    do {
      data = try JSONEncoder().encode(saved)
    } catch {
      throw .unwritable(url.path, reason: "cannot encode the port and token")
    }
    // Through the one safe writer: a device, FIFO or link at the path is refused, never
    // replaced by a regular file (the check the writer documents).
    do {
      try OutsideFile.replace(url.path, with: data, mode: 0o600)
    } catch {
      throw .unwritable(url.path, reason: error.description)
    }
  }
}

/// Why the inspector's saved address was not used.
public enum InspectorStateFileError: Error, Equatable, CustomStringConvertible {
  /// The file exists but could not be read.
  case unreadable(String, reason: String)
  /// Another user owns the file.
  case notYours(String)
  /// Other users may read or write the file (its mode, in octal).
  case tooOpen(String, mode: Int)
  /// Other users may write in the file's folder (its mode, in octal): they could replace it.
  case folderTooOpen(String, mode: Int)
  /// The file does not hold a port and a token.
  case malformed(String, reason: String)
  /// The file could not be written.
  case unwritable(String, reason: String)

  /// The problem in a sentence, with what to do.
  public var description: String {
    switch self {
    case .unreadable(let path, let reason):
      "Cannot read the inspector's saved address \(path): \(reason)."
    case .notYours(let path):
      "The inspector's saved address \(path) belongs to another user: not used. Delete it."
    case .tooOpen(let path, let mode):
      "The inspector's saved address \(path) may be read by other users (mode \(String(mode, radix: 8))): not used. Run chmod 600 on it, or delete it."
    case .folderTooOpen(let path, let mode):
      "The folder of the inspector's saved address, \(path), may be written by other users (mode \(String(mode, radix: 8))): not used. Run chmod 700 on it."
    case .malformed(let path, let reason):
      "The inspector's saved address \(path) is not usable: \(reason). Delete it; yaia inspect writes a new one."
    case .unwritable(let path, let reason):
      "Cannot save the inspector's address to \(path): \(reason)."
    }
  }
}
