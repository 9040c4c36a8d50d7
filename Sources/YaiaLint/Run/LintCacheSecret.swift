#if Lint  // the trait; without it, TraitRequirement.swift names it
  #if canImport(Darwin)
    import Darwin
  #elseif canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #endif
  import YaiaSupport

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
      if let secret = try read(path) { return secret }
      var made = ""
      for part in stateFolder.split(separator: "/") {
        made += "/" + part
        if mkdir(made, 0o700) != 0, errno != EEXIST {
          throw Unavailable(description: "cannot make \(made): \(String(cString: strerror(errno)))")
        }
      }
      var generator = SystemRandomNumberGenerator()
      let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
      do {
        try OutsideFile.replace(path, with: bytes, mode: 0o600)
      } catch {
        throw Unavailable(description: "cannot write the cache key: \(error.description)")
      }
      // Read back through the same checks: another run may have made one at the same time.
      guard let secret = try read(path) else {
        throw Unavailable(description: "\(path) vanished after it was written")
      }
      return secret
    }

    /// The key at `path`, `nil` when nothing is there.
    private static func read(_ path: String) throws(Unavailable) -> LintCacheSecret? {
      let bytes: [UInt8]?
      do {
        bytes = try OutsideFile.read(path, atMost: 32, followingLinks: false)
      } catch {
        throw Unavailable(description: "the cache key \(error.description)")
      }
      guard let bytes else { return nil }
      var info = stat()
      guard lstat(path, &info) == 0 else {
        throw Unavailable(description: "cannot read \(path): \(String(cString: strerror(errno)))")
      }
      guard bytes.count == 32 else {
        throw Unavailable(description: "\(path) holds \(bytes.count) bytes, not 32")
      }
      guard info.st_uid == geteuid(), info.st_mode & 0o077 == 0 else {
        throw Unavailable(
          description:
            "\(path) is not this user's alone (mode \(String(info.st_mode & 0o777, radix: 8)));"
            + " `chmod 600` it or delete it for a new one")
      }
      return LintCacheSecret(bytes: bytes)
    }
  }
#endif
