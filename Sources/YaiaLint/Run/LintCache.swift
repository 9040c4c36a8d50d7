#if Lint  // the trait; without it, TraitRequirement.swift names it
  public import Foundation

  /// What a run learned of each file, kept between runs so that the next one reads again only
  /// the files whose text changed.
  ///
  /// An entry is keyed by the file's path and the hash of its text; the whole cache by a
  /// ``key`` naming the configuration and the linter that wrote it, so a changed
  /// `.yaia-lint.yml` or another build of the linter starts afresh. A file whose text is
  /// unchanged is not parsed: its findings, the facts it adds to the ``LintIndex`` and its
  /// problems come from here. The findings of rules that read other files are reused only
  /// while the facts of every file are the same as in the run that wrote them; otherwise every
  /// file is checked again.
  public struct LintCache: Codable, Sendable {
    /// The version of this format; another is read as an empty cache.
    public static let formatVersion = 1

    struct Entry: Codable, Sendable {
      var hash: UInt64
      var lines: Int
      var facts: FileFacts?
      var local: [LintFinding]
      var global: [LintFinding]
      var problem: LintProblem?
    }

    /// The format's version.
    public var version = LintCache.formatVersion
    /// What the findings depend on besides the files: the configuration's text and the linter.
    public var key: String
    var files: [String: Entry] = [:]

    /// An empty cache for runs under `key`.
    public init(key: String) {
      self.key = key
    }

    /// The cache at `url` if it was written under `key` in this format; otherwise an empty one.
    /// A missing, unreadable or damaged file is an empty cache, never an error: the cache only
    /// saves time.
    public static func read(from url: URL, key: String) -> LintCache {
      guard let data = try? Data(contentsOf: url),
        let cache = try? JSONDecoder().decode(LintCache.self, from: data),
        cache.version == formatVersion, cache.key == key
      else { return LintCache(key: key) }
      return cache
    }

    /// Writes the cache to `url`, creating its folder.
    public func write(to url: URL) throws {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try JSONEncoder().encode(self).write(to: url, options: .atomic)
    }

    /// How many files it knows.
    public var count: Int { files.count }

    /// A stable hash of `text` (64-bit FNV-1a over its UTF-8): the same in every run, unlike
    /// `Hasher`.
    public static func hash(_ text: String) -> UInt64 {
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in text.utf8 {
        hash ^= UInt64(byte)
        hash &*= 0x0000_0100_0000_01b3
      }
      return hash
    }
  }
#endif
