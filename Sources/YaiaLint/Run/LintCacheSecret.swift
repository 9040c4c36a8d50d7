#if Lint  // the trait; without it, TraitRequirement.swift names it
  #if canImport(Darwin)
    import Darwin
  #elseif canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #endif

  /// The key a lint cache is authenticated with: 32 random bytes kept in the user's own state
  /// folder (`$XDG_STATE_HOME/yaia/lint-cache.key`, else `~/.local/state/yaia/…`, mode 0600),
  /// never in the tree being linted.
  ///
  /// Why: a cache's entries decide findings without reading files again, so whoever can write
  /// the cache could make a failing run pass. A checksum under a key anyone can compute (the
  /// configuration, the linter's build) only catches accidents; a pull request can carry a
  /// cache whose checksum is right. With a tag under this key (``LintCache``), a cache made
  /// anywhere else (another machine, another user, a file in the repository) reads as empty:
  /// it can only save time, never change a verdict. A CI machine that starts clean makes a new
  /// key and reads every file, as it would without a cache.
  public struct LintCacheSecret: Sendable {
    /// The key's bytes.
    public let bytes: [UInt8]

    /// A key of `bytes` (a test's own; a run uses ``load(stateFolder:)``).
    public init(bytes: [UInt8]) {
      self.bytes = bytes
    }

    /// Why no key could be had: the run then keeps no cache and says why.
    public struct Unavailable: Error, Sendable, CustomStringConvertible {
      /// What was wrong, with the path.
      public var description: String

      /// A reason, in words.
      public init(description: String) {
        self.description = description
      }
    }

    /// The folder the key is kept in, from the environment: `$XDG_STATE_HOME/yaia`, else
    /// `$HOME/.local/state/yaia`; `nil` when neither is set to an absolute path.
    public static func stateFolder(environment: [String: String]) -> String? {
      if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
        return state + "/yaia"
      }
      if let home = environment["HOME"], home.hasPrefix("/") {
        return home + "/.local/state/yaia"
      }
      return nil
    }

    /// The key in `stateFolder`, made (32 random bytes, mode 0600, its folder 0700) when there
    /// is none.
    ///
    /// - Throws: ``Unavailable`` when the key is not a regular file of 32 bytes that only its
    ///   owner (this user) can write, or cannot be made: a key others could write would let
    ///   them forge a cache.
    public static func load(stateFolder: String) throws(Unavailable) -> LintCacheSecret {
      let path = stateFolder + "/lint-cache.key"
      var made = ""
      for part in stateFolder.split(separator: "/") {
        made += "/" + part
        if mkdir(made, 0o700) != 0, errno != EEXIST {
          throw Unavailable(description: "cannot make \(made): \(String(cString: strerror(errno)))")
        }
      }
      try checkFolders(stateFolder)
      if let secret = try readKey(path) { return secret }
      // Made with O_EXCL, so that of two first runs one makes it and the other reads it.
      var generator = SystemRandomNumberGenerator()
      let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
      let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
      if descriptor >= 0 {
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written == 32, synced else {
          unlink(path)
          throw Unavailable(description: "cannot write the cache key \(path)")
        }
      } else if errno != EEXIST {
        throw Unavailable(description: "cannot make \(path): \(String(cString: strerror(errno)))")
      }
      guard let secret = try readKey(path) else {
        throw Unavailable(description: "\(path) vanished after it was written")
      }
      return secret
    }

    /// Refuses a state folder someone else could swap: the folder and each one above it must
    /// be a real folder (not a link) owned by this user or by root, and one that others may
    /// write in must keep their files apart (the sticky bit, as `/tmp` has). Else another
    /// user who made `/tmp/.local` first could replace the key.
    private static func checkFolders(_ folder: String) throws(Unavailable) {
      var path = folder
      while !path.isEmpty {
        var info = stat()
        guard lstat(path, &info) == 0 else {
          throw Unavailable(description: "cannot read \(path): \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
          throw Unavailable(description: "\(path) is not a folder (a link, or a file)")
        }
        guard info.st_uid == geteuid() || info.st_uid == 0 else {
          throw Unavailable(description: "\(path) belongs to another user")
        }
        if info.st_mode & 0o022 != 0, info.st_mode & S_ISVTX == 0 {
          throw Unavailable(
            description:
              "others may write in \(path) (mode \(String(info.st_mode & 0o7777, radix: 8)))")
        }
        guard let slash = path.lastIndex(of: "/") else { break }
        path = String(path[..<slash])
      }
    }

    /// The key at `path`, `nil` when nothing is there. Its owner, mode and size are read from
    /// the descriptor its bytes come from, so the file checked is the file read.
    private static func readKey(_ path: String) throws(Unavailable) -> LintCacheSecret? {
      let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
      if descriptor < 0 {
        if errno == ENOENT { return nil }
        throw Unavailable(
          description: "cannot read the cache key \(path): \(String(cString: strerror(errno)))"
            + (errno == ELOOP ? " (a link)" : ""))
      }
      defer { close(descriptor) }
      var info = stat()
      guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
        throw Unavailable(description: "\(path) is not a regular file")
      }
      guard info.st_uid == geteuid(), info.st_mode & 0o077 == 0 else {
        throw Unavailable(
          description:
            "\(path) is not this user's alone (mode \(String(info.st_mode & 0o777, radix: 8)));"
            + " `chmod 600` it or delete it for a new one")
      }
      var bytes = [UInt8](repeating: 0, count: 33)
      let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      guard count == 32 else {
        throw Unavailable(
          description: "\(path) holds \(max(count, 0)) bytes, not 32; delete it for a new one")
      }
      return LintCacheSecret(bytes: Array(bytes[0..<32]))
    }
  }
#endif
